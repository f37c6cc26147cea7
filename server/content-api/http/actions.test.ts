import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

type ClientError = { statusCode: number; message: string }
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected failure')
    },
    (e: ClientError) => e,
  )

const raw = (client: ReturnType<TestContentServer['client']>) => (ids: string[]) =>
  client.fetch<Record<string, unknown>[]>('*[_id in $ids] | order(_id)', { ids }, { perspective: 'raw' })

describe('actions endpoint through @sanity/client', () => {
  it('runs the Studio lifecycle: create, edit, publish, edit again, unpublish, discard, delete', async () => {
    const client = t.client('admin')
    const docs = raw(client)
    // The Studio sends _rev and _createdAt in the attributes; they must be ignored.
    const created = await client.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'ev1',
      attributes: {
        _id: 'drafts.ev1',
        _type: 'event',
        _rev: 'bogus',
        _createdAt: '2000-01-01T00:00:00Z',
        venue: 'A',
      },
      ifExists: 'fail',
    })
    expect(created.transactionId).toBeTruthy()
    const [draft] = await docs(['drafts.ev1'])
    expect(draft).toMatchObject({ _rev: created.transactionId, venue: 'A' })
    expect(draft!._createdAt).not.toBe('2000-01-01T00:00:00Z')
    expect(
      (
        await failure(
          client.action({
            actionType: 'sanity.action.document.create',
            publishedId: 'ev1',
            attributes: { _id: 'drafts.ev1', _type: 'event' },
            ifExists: 'fail',
          }),
        )
      ).statusCode,
    ).toBe(409)

    await client.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
      patch: { set: { venue: 'Teatro Juárez', city: 'Guanajuato' } },
    })
    await client.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
      patch: {
        unset: ['_empty_action_guard_pseudo_field_'],
        diffMatchPatch: { city: '@@ -1,10 +1,11 @@\n Guanajuato\n+!\n' },
      },
    })
    const [edited] = await docs(['drafts.ev1'])
    expect(edited).toMatchObject({ venue: 'Teatro Juárez', city: 'Guanajuato!' })

    const stale = await failure(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.ev1',
        publishedId: 'ev1',
        ifDraftRevisionId: created.transactionId,
      }),
    )
    expect(stale.statusCode).toBe(409)
    const published = await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
      ifDraftRevisionId: edited!._rev as string,
    })
    expect((await docs(['ev1', 'drafts.ev1'])).map((d) => [d._id, d._rev, d.city])).toEqual([
      ['ev1', published.transactionId, 'Guanajuato!'],
    ])

    // Editing a published document copies it into a new draft first.
    await client.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
      patch: { set: { city: 'León' } },
    })
    expect((await docs(['drafts.ev1']))[0]).toMatchObject({
      venue: 'Teatro Juárez',
      city: 'León',
      _type: 'event',
    })
    const wrongPublished = await failure(
      client.action({
        actionType: 'sanity.action.document.publish',
        draftId: 'drafts.ev1',
        publishedId: 'ev1',
        ifPublishedRevisionId: 'nope',
      }),
    )
    expect(wrongPublished.statusCode).toBe(409)
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
      ifPublishedRevisionId: published.transactionId,
    })
    expect((await docs(['ev1']))[0]).toMatchObject({ city: 'León' })

    await client.action({
      actionType: 'sanity.action.document.unpublish',
      draftId: 'drafts.ev1',
      publishedId: 'ev1',
    })
    expect((await docs(['ev1', 'drafts.ev1'])).map((d) => [d._id, d.city])).toEqual([['drafts.ev1', 'León']])

    await client.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.ev1' })
    expect(await docs(['ev1', 'drafts.ev1'])).toEqual([])
    expect(
      (await failure(client.action({ actionType: 'sanity.action.document.discard', draftId: 'drafts.ev1' })))
        .statusCode,
    ).toBe(409)

    await client.createOrReplace({ _id: 'ev1', _type: 'event' })
    await client.createOrReplace({ _id: 'drafts.ev1', _type: 'event' })
    await client.action({
      actionType: 'sanity.action.document.delete',
      publishedId: 'ev1',
      includeDrafts: ['drafts.ev1'],
    })
    expect(await docs(['ev1', 'drafts.ev1'])).toEqual([])
  })

  it('replaceDraft restores a revision into the draft, version.discard deletes a never-published draft', async () => {
    const client = t.client('admin')
    const docs = raw(client)
    await client.create({ _id: 'ev2', _type: 'event', venue: 'Old' })
    await client.action({
      actionType: 'sanity.action.document.replaceDraft',
      publishedId: 'ev2',
      attributes: { _id: 'drafts.ev2', _type: 'event', venue: 'Restored', _rev: 'x' },
    })
    expect((await docs(['drafts.ev2']))[0]).toMatchObject({ venue: 'Restored' })
    await client.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'ev3',
      attributes: { _id: 'drafts.ev3', _type: 'event' },
      ifExists: 'fail',
    })
    await client.action({ actionType: 'sanity.action.document.version.discard', versionId: 'drafts.ev3' })
    expect(await docs(['drafts.ev3'])).toEqual([])
  })

  it('applies several actions as one transaction, or none of them', async () => {
    const client = t.client('admin')
    const docs = raw(client)
    const res = await client.action(
      [
        {
          actionType: 'sanity.action.document.create',
          publishedId: 'a1',
          attributes: { _id: 'drafts.a1', _type: 'x' },
          ifExists: 'fail',
        },
        { actionType: 'sanity.action.document.publish', draftId: 'drafts.a1', publishedId: 'a1' },
      ],
      { transactionId: 'actions-tx' },
    )
    expect(res.transactionId).toBe('actions-tx')
    expect((await docs(['a1', 'drafts.a1'])).map((d) => d._id)).toEqual(['a1'])
    const error = await failure(
      client.action([
        {
          actionType: 'sanity.action.document.create',
          publishedId: 'a2',
          attributes: { _id: 'drafts.a2', _type: 'x' },
          ifExists: 'fail',
        },
        { actionType: 'sanity.action.document.unpublish', draftId: 'drafts.nope', publishedId: 'nope' },
      ]),
    )
    expect(error.statusCode).toBe(409)
    expect(await docs(['drafts.a2'])).toEqual([])
    const unknown = await failure(client.action({ actionType: 'sanity.action.document.frobnicate' } as never))
    expect(unknown.statusCode).toBe(400)
    expect(unknown.message).toContain('unsupported actionType')
  })

  it('gives a document-pair listener both halves of a publish as one two-event transaction', async () => {
    const client = t.client('admin')
    await client.action({
      actionType: 'sanity.action.document.create',
      publishedId: 'pair',
      attributes: { _id: 'drafts.pair', _type: 'event' },
      ifExists: 'fail',
    })
    const events: Record<string, unknown>[] = []
    let welcomed!: () => void
    const welcome = new Promise<void>((resolve) => (welcomed = resolve))
    const sub = client
      .listen(
        '*[_id in $ids]',
        { ids: ['pair', 'drafts.pair'] },
        { events: ['welcome', 'mutation'], includeAllVersions: true, effectFormat: 'mendoza' },
      )
      .subscribe((e) => (e.type === 'welcome' ? welcomed() : events.push(e as never)))
    await welcome
    const { transactionId } = await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.pair',
      publishedId: 'pair',
    })
    const deadline = Date.now() + 15_000
    while (events.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    sub.unsubscribe()
    expect(
      events.map((e) => [
        e.documentId,
        e.transition,
        e.transactionId,
        e.transactionTotalEvents,
        e.transactionCurrentEvent,
      ]),
    ).toEqual([
      ['pair', 'appear', transactionId, 2, 0],
      ['drafts.pair', 'disappear', transactionId, 2, 1],
    ])
    expect(events[1]!.effects).toMatchObject({ apply: [0, null] })
  })
})
