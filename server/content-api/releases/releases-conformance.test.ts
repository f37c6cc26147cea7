import type { SanityClient } from '@sanity/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { liveEventsOf, type CommittedTransaction, type LiveEvent } from '../engine'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer
let admin: SanityClient
let raw: SanityClient

beforeAll(async () => {
  t = await startTestContentServer()
  admin = t.client('admin')
  raw = t.client('admin', { perspective: 'raw' })
  // The query workers start with the first query; not inside the first test's time.
  await raw.fetch('count(*)')
})
afterAll(() => t.close())

type ClientError = { statusCode: number; message: string; details?: { type?: string; items?: unknown[] } }
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected failure')
    },
    (e: ClientError) => e,
  )

const ids = (rid: string) => raw.fetch<string[]>('*[_id in path($p)]._id', { p: `versions.${rid}.**` })

/** A release holding new versions of `docs` (id -> fields), made through the official client. */
async function releaseWith(rid: string, docs: Record<string, Record<string, unknown>>) {
  await admin.releases.create({ releaseId: rid, metadata: { title: `Tour ${rid}`, releaseType: 'asap' } })
  for (const [id, fields] of Object.entries(docs))
    await admin.createVersion({
      document: { _id: `versions.${rid}.${id}`, _type: 'event', ...fields },
      publishedId: id,
      releaseId: rid,
    })
}

describe('releases through @sanity/client', () => {
  it('creates a release document in Sanity shape, readable raw and in a release stack', async () => {
    const created = await admin.releases.create({ releaseId: 'rShape', metadata: { title: 'Summer tour' } })
    expect(created).toMatchObject({
      releaseId: 'rShape',
      metadata: { title: 'Summer tour', releaseType: 'undecided' },
    })
    expect(created.transactionId).toBeTruthy()
    const release = await admin.releases.get({ releaseId: 'rShape' })
    expect(release).toMatchObject({
      _id: '_.releases.rShape',
      _type: 'system.release',
      name: 'rShape',
      state: 'active',
      userId: 'pAdmin',
      metadata: { title: 'Summer tour', releaseType: 'undecided' },
    })
    expect(release?._rev).toBe(created.transactionId)
    const listed = await raw.fetch('*[_type == "system.release" && _id in path("_.releases.*")].name')
    expect(listed).toContain('rShape')
    const stacked = await admin.fetch(
      '*[_id == "_.releases.rShape"][0].state',
      {},
      { perspective: ['rShape'] },
    )
    expect(stacked).toBe('active')
  })

  it('publishes every version, unpublishes marked ones and ends the release in one transaction', async () => {
    await admin.createOrReplace({ _id: 'old-show', _type: 'event', venue: 'Old hall' })
    await admin.createOrReplace({ _id: 'promo', _type: 'promo', title: 'Before' })
    await releaseWith('rTour', {
      'show-a': { venue: 'Paradiso' },
      'show-b': { venue: 'Vega', support: { _type: 'reference', _ref: 'show-a' } },
    })
    await admin.createVersion({ baseId: 'promo', publishedId: 'promo', releaseId: 'rTour' })
    await admin.patch('versions.rTour.promo').set({ title: 'Tour on sale' }).commit()
    await admin.unpublishVersion({ releaseId: 'rTour', publishedId: 'old-show' })
    expect(await ids('rTour')).toEqual([
      'versions.rTour.old-show',
      'versions.rTour.promo',
      'versions.rTour.show-a',
      'versions.rTour.show-b',
    ])
    const inRelease = await admin.fetch(
      '*[_type == "event"] | order(_id) {_id, venue}',
      {},
      { perspective: ['rTour'] },
    )
    expect(inRelease).toEqual([
      { _id: 'show-a', venue: 'Paradiso' },
      { _id: 'show-b', venue: 'Vega' },
    ])
    // The client answers the whole query response here, `result` holding the documents.
    const members = (await raw.releases.fetchDocuments({ releaseId: 'rTour' })) as unknown as {
      result: unknown[]
    }
    expect(members.result).toHaveLength(4)

    const commits: CommittedTransaction[] = []
    const stop = t.store.onCommit((tx) => commits.push(tx))
    // What the page cache and the feeds follow (page-cache/content-changes.ts): one event for the whole release.
    const liveEvents: LiveEvent[] = []
    const stopLive = liveEventsOf(t.store).subscribe((_dataset, event) => liveEvents.push(event))
    const { transactionId } = await admin.releases.publish({ releaseId: 'rTour' })
    stop()
    stopLive()
    expect(commits.map((tx) => tx.id)).toEqual([transactionId])
    expect(liveEvents).toHaveLength(1)
    expect(liveEvents[0]!.published.length).toBeGreaterThan(0)
    const published = await admin.fetch(
      '*[_id in ["show-a", "show-b", "promo", "old-show"]] | order(_id) {_id, _rev}',
    )
    expect(published.map((d: { _id: string }) => d._id)).toEqual(['promo', 'show-a', 'show-b'])
    expect(published.every((d: { _rev: string }) => d._rev === transactionId)).toBe(true)
    expect(await ids('rTour')).toEqual([])
    const release = await admin.releases.get({ releaseId: 'rTour' })
    expect(release).toMatchObject({ state: 'published', _rev: transactionId })
    expect(Date.parse(release!.publishedAt!)).not.toBeNaN()
    expect(release!.finalDocumentStates!.map((d) => d.id).sort()).toEqual([
      'versions.rTour.old-show',
      'versions.rTour.promo',
      'versions.rTour.show-a',
      'versions.rTour.show-b',
    ])
    expect((await admin.getDocument('promo'))?.title).toBe('Tour on sale')
    // The Studio shows a published release's documents from their last revision in history.
    const history = await admin.request<{ documents: { _id: string; venue?: string }[] }>({
      url: '/data/history/production/documents/versions.rTour.show-a,versions.rTour.show-b?lastRevision=true',
    })
    expect(history.documents.map(({ _id, venue }) => ({ _id, venue }))).toEqual([
      { _id: 'versions.rTour.show-a', venue: 'Paradiso' },
      { _id: 'versions.rTour.show-b', venue: 'Vega' },
    ])
    // A published release can be deleted; its document goes.
    await admin.releases.delete({ releaseId: 'rTour' })
    expect(await admin.releases.get({ releaseId: 'rTour' })).toBeUndefined()
  })

  it('publishes all or nothing: a dangling reference fails the whole release', async () => {
    await admin.createOrReplace({ _id: 'kept', _type: 'event', venue: 'Before' })
    await releaseWith('rBroken', {
      kept: { venue: 'After' },
      'show-x': { headliner: { _type: 'reference', _ref: 'nobody' } },
    })
    const error = await failure(admin.releases.publish({ releaseId: 'rBroken' }))
    expect(error.statusCode).toBe(409)
    expect(error.message).toContain('nobody')
    expect((await admin.getDocument('kept'))?.venue).toBe('Before')
    expect(await admin.getDocument('show-x')).toBeUndefined()
    expect(await ids('rBroken')).toHaveLength(2)
    expect((await admin.releases.get({ releaseId: 'rBroken' }))?.state).toBe('active')
  })

  it('commits nothing on dryRun', async () => {
    await admin.releases.create({ releaseId: 'rDry' }, { dryRun: true })
    expect(await admin.releases.get({ releaseId: 'rDry' })).toBeUndefined()
    await releaseWith('rDry2', { 'dry-show': { venue: 'X' } })
    await admin.releases.publish({ releaseId: 'rDry2' }, { dryRun: true })
    await admin.releases.schedule(
      { releaseId: 'rDry2', publishAt: new Date(Date.now() + 60_000).toISOString() },
      { dryRun: true },
    )
    expect((await admin.releases.get({ releaseId: 'rDry2' }))?.state).toBe('active')
    expect(await admin.getDocument('dry-show')).toBeUndefined()
  })

  it('locks a scheduled release and unlocks it when unscheduled', async () => {
    await releaseWith('rLocked', { 'locked-show': { venue: 'A' } })
    await admin.createOrReplace({ _id: 'venue-1', _type: 'venue' })
    await admin
      .patch('versions.rLocked.locked-show')
      .set({ venue: { _type: 'reference', _ref: 'venue-1' } })
      .commit()
    const publishAt = new Date(Date.now() + 3_600_000).toISOString()
    await admin.releases.schedule({ releaseId: 'rLocked', publishAt })
    expect(await admin.releases.get({ releaseId: 'rLocked' })).toMatchObject({
      state: 'scheduled',
      publishAt,
    })
    const edit = await failure(admin.patch('versions.rLocked.locked-show').set({ venue: 'B' }).commit())
    expect(edit.statusCode).toBe(409)
    expect(edit.details?.items).toEqual([
      expect.objectContaining({ error: expect.objectContaining({ type: 'releaseLockedError' }) }),
    ])
    const discard = await failure(admin.discardVersion({ releaseId: 'rLocked', publishedId: 'locked-show' }))
    expect(discard.statusCode).toBe(409)
    const added = await failure(
      admin.createVersion({
        document: { _id: 'versions.rLocked.late', _type: 'event' },
        publishedId: 'late',
        releaseId: 'rLocked',
      }),
    )
    expect(added.statusCode).toBe(409)
    const deleteReferenced = await failure(admin.delete('venue-1'))
    expect(deleteReferenced.statusCode).toBe(409)
    await admin.releases.unschedule({ releaseId: 'rLocked' })
    const release = await admin.releases.get({ releaseId: 'rLocked' })
    expect(release?.state).toBe('active')
    expect(release?.publishAt).toBeUndefined()
    await admin.patch('versions.rLocked.locked-show').set({ title: 'edited' }).commit()
  })

  it('publishes at once when scheduled for a time already past', async () => {
    await releaseWith('rPast', { 'past-show': { venue: 'P' } })
    await admin.releases.schedule({
      releaseId: 'rPast',
      publishAt: new Date(Date.now() - 1000).toISOString(),
    })
    expect((await admin.releases.get({ releaseId: 'rPast' }))?.state).toBe('published')
    expect((await admin.getDocument('past-show'))?.venue).toBe('P')
  })

  it('archives (versions go) and unarchives (versions come back as they were)', async () => {
    await releaseWith('rArch', { 'arch-1': { venue: 'One' }, 'arch-2': { venue: 'Two' } })
    await admin.patch('versions.rArch.arch-1').set({ venue: 'One, edited' }).commit()
    await admin.releases.archive({ releaseId: 'rArch' })
    expect(await ids('rArch')).toEqual([])
    const archived = await admin.releases.get({ releaseId: 'rArch' })
    expect(archived?.state).toBe('archived')
    expect(archived?.finalDocumentStates).toHaveLength(2)
    const edit = await failure(
      admin.releases.edit({ releaseId: 'rArch', patch: { set: { 'metadata.title': 'x' } } }),
    )
    expect(edit.statusCode).toBe(409)
    await admin.releases.unarchive({ releaseId: 'rArch' })
    expect((await admin.releases.get({ releaseId: 'rArch' }))?.state).toBe('active')
    const back = await raw.fetch('*[_id in path("versions.rArch.*")] | order(_id) {_id, venue}')
    expect(back).toEqual([
      { _id: 'versions.rArch.arch-1', venue: 'One, edited' },
      { _id: 'versions.rArch.arch-2', venue: 'Two' },
    ])
    const deleteActive = await failure(admin.releases.delete({ releaseId: 'rArch' }))
    expect(deleteActive.statusCode).toBe(409)
  })

  it('edits metadata only, as the Studio sends it', async () => {
    await admin.releases.create({ releaseId: 'rEdit', metadata: { title: 'A', releaseType: 'asap' } })
    await admin.releases.edit({
      releaseId: 'rEdit',
      patch: {
        set: {
          metadata: { title: 'B', releaseType: 'scheduled', intendedPublishAt: '2030-01-01T10:00:00.000Z' },
        },
      },
    })
    expect((await admin.releases.get({ releaseId: 'rEdit' }))?.metadata).toEqual({
      title: 'B',
      releaseType: 'scheduled',
      intendedPublishAt: '2030-01-01T10:00:00.000Z',
    })
    const bad = await failure(
      admin.releases.edit({ releaseId: 'rEdit', patch: { set: { state: 'published' } } }),
    )
    expect(bad.statusCode).toBe(400)
    const mutated = await failure(admin.patch('_.releases.rEdit').set({ state: 'published' }).commit())
    expect(mutated.statusCode).toBe(400)
    expect((await admin.releases.get({ releaseId: 'rEdit' }))?.state).toBe('active')
  })

  it("answers the Studio's release overview query (documents per release)", async () => {
    await releaseWith('rOverview', { 'ov-1': { venue: 'A' }, 'ov-2': { venue: 'B' } })
    // The query the Studio's release store sends for each listed release, run raw as its client is.
    const overview = await raw.fetch(
      `{"release_rOverview": *[sanity::partOfRelease("rOverview")]{_updatedAt, "docId": string::split(_id, ".")[2]} | order(_updatedAt desc),}
       {"_.releases.rOverview": {"updatedAt": release_rOverview[0]._updatedAt, "documentIds": release_rOverview[].docId},}`,
    )
    expect(overview['_.releases.rOverview'].documentIds.sort()).toEqual(['ov-1', 'ov-2'])
    expect(Date.parse(overview['_.releases.rOverview'].updatedAt)).not.toBeNaN()
  })

  it("tells the Studio's release listener about a version joining the release", async () => {
    await admin.releases.create({ releaseId: 'rHeard' })
    const heard = new Promise<string>((resolve, reject) => {
      const subscription = admin
        .listen('*[sanity::partOfRelease("rHeard")]', {}, {
          includeResult: true,
          includeAllVersions: true,
          visibility: 'query',
          events: ['welcome', 'mutation'],
        } as never)
        .subscribe({
          next: (event: { type: string; documentId?: string }) => {
            if (event.type === 'welcome')
              void admin.createVersion({
                document: { _id: 'versions.rHeard.heard-show', _type: 'event' },
                publishedId: 'heard-show',
                releaseId: 'rHeard',
              })
            if (event.type === 'mutation') {
              subscription.unsubscribe()
              resolve(event.documentId!)
            }
          },
          error: reject,
        })
    })
    expect(await heard).toBe('versions.rHeard.heard-show')
  })

  it('marks a version to unpublish, and takes the mark back as the Studio does', async () => {
    await admin.createOrReplace({ _id: 'gone-soon', _type: 'event', venue: 'Closing' })
    await admin.releases.create({ releaseId: 'rUnpub' })
    await admin.unpublishVersion({ releaseId: 'rUnpub', publishedId: 'gone-soon' })
    const marked = await admin.getDocument('versions.rUnpub.gone-soon')
    expect(marked).toMatchObject({ venue: 'Closing', _system: { delete: true } })
    expect(await admin.fetch('*[_id == "gone-soon"]', {}, { perspective: ['rUnpub'] })).toEqual([])
    // The Studio's "revert unpublish": an edit action on the version that unsets the mark.
    await admin.action({
      actionType: 'sanity.action.document.edit',
      draftId: 'versions.rUnpub.gone-soon',
      publishedId: 'gone-soon',
      patch: { unset: ['_system.delete'] },
    })
    expect(await admin.fetch('*[_id == "gone-soon"].venue', {}, { perspective: ['rUnpub'] })).toEqual([
      'Closing',
    ])
    const notPublished = await failure(
      admin.unpublishVersion({ releaseId: 'rUnpub', publishedId: 'never-was' }),
    )
    expect(notPublished.statusCode).toBe(409)
  })

  it('schedules a single document as a scheduled draft (cardinality one)', async () => {
    await admin.releases.create({
      releaseId: 'rDraft',
      metadata: {
        title: 'News post',
        releaseType: 'scheduled',
        cardinality: 'one',
        intendedPublishAt: '2030-01-01T10:00:00.000Z',
      },
    })
    await admin.createVersion({
      document: { _id: 'versions.rDraft.news-1', _type: 'news' },
      publishedId: 'news-1',
      releaseId: 'rDraft',
    })
    await admin.releases.schedule({ releaseId: 'rDraft', publishAt: '2030-01-01T10:00:00.000Z' })
    expect(await admin.releases.get({ releaseId: 'rDraft' })).toMatchObject({
      state: 'scheduled',
      metadata: { cardinality: 'one', releaseType: 'scheduled' },
    })
  })
})

describe('release permissions', () => {
  it('answers the dry-run probes of a viewer with insufficientPermissionsError', async () => {
    const viewer = t.client('viewer')
    await admin.releases.create({ releaseId: 'rPerm' })
    for (const probe of [
      viewer.releases.create(
        { releaseId: 'rViewer' },
        { dryRun: true, skipCrossDatasetReferenceValidation: true },
      ),
      viewer.releases.schedule({ releaseId: 'rPerm', publishAt: new Date().toISOString() }, { dryRun: true }),
      viewer.releases.publish({ releaseId: 'rPerm' }, { dryRun: true }),
    ]) {
      const error = await failure(probe)
      expect(error.statusCode).toBe(403)
      expect(error.details?.type).toBe('insufficientPermissionsError')
    }
    expect((await admin.releases.get({ releaseId: 'rPerm' }))?.state).toBe('active')
    expect(await viewer.releases.get({ releaseId: 'rPerm' })).toMatchObject({ state: 'active' })
  })

  it('never shows a version or a release document to anonymous callers, whatever the perspective', async () => {
    await releaseWith('rAnon', { 'anon-show': { venue: 'Secret' } })
    const anonymous = t.client()
    for (const perspective of ['raw', 'published', 'drafts', 'rAnon'] as const) {
      const seen = await anonymous.fetch(
        '*[_id match "*anon*" || _type == "system.release"]._id',
        {},
        { perspective: [perspective] as never },
      )
      expect(seen).toEqual([])
    }
    expect(await anonymous.getDocument('versions.rAnon.anon-show')).toBeUndefined()
    expect(await anonymous.releases.get({ releaseId: 'rAnon' })).toBeUndefined()
    const error = await failure(anonymous.releases.publish({ releaseId: 'rAnon' }, { dryRun: true }))
    expect(error.statusCode).toBe(401)
  })
})

describe('release limits', () => {
  it('refuses a 1,001st document in a release', { timeout: 60_000 }, async () => {
    await admin.releases.create({ releaseId: 'rBig' })
    const actions = Array.from({ length: 1000 }, (_, i) => ({
      actionType: 'sanity.action.document.version.create' as const,
      publishedId: `big-${i}`,
      document: { _id: `versions.rBig.big-${i}`, _type: 'event' },
    }))
    await admin.action(actions)
    const error = await failure(
      admin.createVersion({
        document: { _id: 'versions.rBig.big-x', _type: 'event' },
        publishedId: 'big-x',
        releaseId: 'rBig',
      }),
    )
    expect(error.statusCode).toBe(400)
    expect(error.details?.items).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({ type: 'releaseDocumentLimitExceededError', limit: 1000 }),
      }),
    ])
    expect(await raw.fetch('count(*[_id in path("versions.rBig.*")])')).toBe(1000)
  })
})
