import { Mutation } from '@sanity/mutator'
import { applyPatch } from 'mendoza'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withoutRev } from '../engine'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer({ keepAliveMs: 200 })
})
afterAll(() => t.close())

type Event = Record<string, unknown> & { type: string }

/** Subscribes with @sanity/client and resolves once the welcome event arrived. */
async function listen(
  token: 'admin' | 'viewer' | undefined,
  query: string,
  params: Record<string, unknown> = {},
  options: Record<string, unknown> = {},
) {
  const events: Event[] = []
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  const subscription = t
    .client(token)
    .listen(query, params, { events: ['welcome', 'mutation'], ...options })
    .subscribe((event) => {
      if (event.type === 'welcome') welcomed()
      else events.push(event as unknown as Event)
    })
  await welcome
  const waitFor = async (count: number) => {
    const deadline = Date.now() + 15_000
    while (events.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10))
    return events
  }
  return { events, waitFor, stop: () => subscription.unsubscribe() }
}

describe('listen endpoint', () => {
  it('streams mutation events in commit order with chained revisions, replayable mutations and effects', async () => {
    const listener = await listen('admin', '*[_type == $type]', { type: 'song' }, { effectFormat: 'mendoza' })
    const client = t.client('admin')
    await client.create({ _id: 's1', _type: 'song', title: 'La Bamba', verses: [{ _key: 'a', text: 'x' }] })
    await client.patch('s1').set({ title: 'El Cascabel', 'meta.key': 'D' }).commit()
    await client
      .patch('s1')
      .insert('after', 'verses[-1]', [{ _key: 'b', text: 'y' }])
      .unset(['meta'])
      .commit()
    await client.create({ _id: 'other', _type: 'poem' })
    await client
      .patch('s1')
      .diffMatchPatch({ title: '@@ -1,11 +1,12 @@\n El \n-Cascabel\n+Cascabeles\n' })
      .commit()
    await client.createOrReplace({ _id: 's1', _type: 'song', title: 'Replaced' })
    await client.delete('s1')
    const events = await listener.waitFor(6)
    listener.stop()

    expect(events.map((e) => e.transition)).toEqual([
      'appear',
      'update',
      'update',
      'update',
      'update',
      'disappear',
    ])
    expect(events[0]).not.toHaveProperty('previousRev')
    let doc: Record<string, unknown> | null = null
    for (const [i, event] of events.entries()) {
      if (i > 0) expect(event.previousRev).toBe(events[i - 1]!.resultRev)
      expect(event.resultRev).toBe(event.transactionId)
      expect(event.eventId).toBe(`${event.transactionId}#s1`)
      expect(event).toMatchObject({
        documentId: 's1',
        identity: 'pAdmin',
        transactionTotalEvents: 1,
        transactionCurrentEvent: 0,
      })
      // What the Studio does with the event: apply the mutations with @sanity/mutator ...
      const replayed = new Mutation({
        mutations: event.mutations as never,
        transactionId: event.transactionId as string,
        resultRev: event.resultRev as string,
        previousRev: event.previousRev as string,
        timestamp: event.timestamp as string,
      }).apply(doc as never)
      expect(replayed).toEqual(event.result ?? null)
      // ... and rebuild revisions with the mendoza effects (documents without _rev).
      const effects = event.effects as { apply: unknown[]; revert: unknown[] }
      const before = doc ? withoutRev(doc) : null
      const after = replayed ? withoutRev(replayed) : null
      expect(applyPatch(before, effects.apply)).toEqual(after)
      expect(applyPatch(after, effects.revert)).toEqual(before)
      doc = replayed as Record<string, unknown> | null
    }
    expect(events[0]!.effects).toMatchObject({ revert: [0, null] })
    expect(events[5]!.effects).toMatchObject({ apply: [0, null] })
  })

  it('counts events per transaction and reports filter transitions', async () => {
    const listener = await listen('admin', '*[_type == "band" && active]')
    const client = t.client('admin')
    await client
      .transaction()
      .create({ _id: 'b1', _type: 'band', active: true })
      .create({ _id: 'b2', _type: 'band', active: true })
      .create({ _id: 'b3', _type: 'band', active: false })
      .commit()
    await client.patch('b1').set({ active: false }).commit()
    await client.patch('b3').set({ active: true }).commit()
    const events = await listener.waitFor(4)
    listener.stop()
    expect(
      events.map((e) => [e.documentId, e.transition, e.transactionTotalEvents, e.transactionCurrentEvent]),
    ).toEqual([
      ['b1', 'appear', 2, 0],
      ['b2', 'appear', 2, 1],
      ['b1', 'disappear', 1, 0],
      ['b3', 'appear', 1, 0],
    ])
  })

  it('shows published documents only by default (API 2025-02-19), drafts and versions with includeAllVersions', async () => {
    const anonymous = await listen(undefined, '*[_type == "secret"]')
    const plain = await listen('viewer', '*[_type == "secret"]')
    const all = await listen('viewer', '*[_type == "secret"]', {}, { includeAllVersions: true })
    const client = t.client('admin')
    await client.create({ _id: 'drafts.x1', _type: 'secret' })
    await client.create({ _id: 'versions.r1.x1', _type: 'secret' })
    await client.create({ _id: 'x1', _type: 'secret' })
    await all.waitFor(3)
    await plain.waitFor(1)
    await anonymous.waitFor(1)
    await new Promise((r) => setTimeout(r, 100))
    for (const l of [anonymous, plain, all]) l.stop()
    expect(anonymous.events.map((e) => e.documentId)).toEqual(['x1'])
    expect(plain.events.map((e) => e.documentId)).toEqual(['x1'])
    expect(all.events.map((e) => e.documentId)).toEqual(['drafts.x1', 'versions.r1.x1', 'x1'])
  })

  it('omits the result when includeResult=false is on the URL and sends keep-alive comments', async () => {
    const controller = new AbortController()
    const res = await fetch(`${t.apiHost}/v2025-02-19/data/listen/production?query=*&includeResult=false`, {
      headers: { authorization: 'Bearer test-admin-token' },
      signal: controller.signal,
    })
    expect(res.headers.get('content-type')).toContain('text/event-stream')
    const reader = res.body!.getReader()
    let text = ''
    const read = async (until: (s: string) => boolean) => {
      while (!until(text)) text += new TextDecoder().decode((await reader.read()).value)
    }
    await read((s) => s.includes('event: welcome'))
    await t.client('admin').create({ _id: 'kr', _type: 'x' })
    await read((s) => s.includes('event: mutation') && s.includes(': keep-alive'))
    controller.abort()
    const data = JSON.parse(/event: mutation\ndata: (.*)\n/.exec(text)![1]!)
    expect(data).not.toHaveProperty('result')
    expect(text).toMatch(/id: [^\n]+#kr\nevent: mutation/)
  })

  it('sends the previous revision when includePreviousRevision is on', async () => {
    const listener = await listen('admin', '*[_id == "prev"]', {}, { includePreviousRevision: true })
    const client = t.client('admin')
    const first = await client.create({ _id: 'prev', _type: 'x', v: 1 })
    await client.patch('prev').set({ v: 2 }).commit()
    const events = await listener.waitFor(2)
    listener.stop()
    expect(events[0]!.previous).toBeNull()
    expect(events[1]!.previous).toMatchObject({ v: 1, _rev: first._rev })
    expect(events[1]!.result).toMatchObject({ v: 2 })
  })
})
