import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../testing/test-server'

let t: TestContentServer

beforeAll(async () => {
  t = await startTestContentServer()
})
afterAll(() => t.close())

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000) => {
  const start = Date.now()
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() - start > timeoutMs) throw new Error(`gave up waiting: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('release scheduler', () => {
  it(
    'publishes a scheduled release at its time, with nobody signed in, never before',
    { timeout: 30_000 },
    async () => {
      const admin = t.client('admin')
      const anonymous = t.client()
      await admin.releases.create({
        releaseId: 'rTimed',
        metadata: { title: 'Tour', releaseType: 'scheduled' },
      })
      await admin.action(
        ['timed-show-1', 'timed-show-2', 'timed-post'].map((id) => ({
          actionType: 'sanity.action.document.version.create' as const,
          publishedId: id,
          document: { _id: `versions.rTimed.${id}`, _type: id.includes('post') ? 'news' : 'event' },
        })),
      )
      const publishAt = new Date(Date.now() + 1500).toISOString()
      await admin.releases.schedule({ releaseId: 'rTimed', publishAt })
      const fans = () => anonymous.fetch<string[]>('*[_id match "timed-*"]._id | order(@)')
      const seen = await until(fans, (ids) => ids.length > 0)
      // One transaction: the first answer that shows any of it shows all of it.
      expect(seen).toEqual(['timed-post', 'timed-show-1', 'timed-show-2'])
      const release = await admin.releases.get({ releaseId: 'rTimed' })
      expect(release?.state).toBe('published')
      expect(Date.parse(release!.publishedAt!)).toBeGreaterThanOrEqual(Date.parse(publishAt))
      const history = t.store.documentHistory('production', ['timed-post'])
      expect(history.map((row) => row.author)).toEqual(['system'])
    },
  )

  it(
    'puts a release whose scheduled publish fails back to active, with the reason',
    { timeout: 30_000 },
    async () => {
      const admin = t.client('admin')
      await admin.releases.create({ releaseId: 'rFails' })
      await admin.createOrReplace({ _id: 'soon-gone', _type: 'venue' })
      await admin.createVersion({
        document: {
          _id: 'versions.rFails.gig',
          _type: 'event',
          venue: { _type: 'reference', _ref: 'soon-gone' },
        },
        publishedId: 'gig',
        releaseId: 'rFails',
      })
      await admin.releases.schedule({
        releaseId: 'rFails',
        publishAt: new Date(Date.now() + 1000).toISOString(),
      })
      // The venue goes behind the lock's back (straight through the store, as a restore might), so the publish
      // finds the reference dangling.
      await t.store.commit('production', { author: 'test' }, (ws) => {
        ws.apply('soon-gone', { delete: { id: 'soon-gone' } })
      })
      const release = await until(
        () => admin.releases.get({ releaseId: 'rFails' }),
        (r) => r?.state !== 'scheduled',
      )
      expect(release).toMatchObject({
        state: 'active',
        error: { message: expect.stringContaining('soon-gone') },
      })
      expect(release?.publishAt).toBeUndefined()
      expect(await admin.getDocument('gig')).toBeUndefined()
    },
  )
})
