/**
 * Issue 38's figures (ADR 180): on a production server of this checkout with the seed content, in its own
 * process, the time from a scheduled release's `publishAt` to `GET /` showing it (the scheduler publishes, the
 * page cache drops the home page, the next request renders it), and the time of `releases.publish` for a
 * release of 20 and of 1,000 new shows, beside publishing the same 20 shows one document at a time (what the
 * band manager did before). `BENCH_ROUNDS` rounds (default 5; 3 for 1,000); the median is the figure. Needs
 * `npm run build`.
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SanityClient } from '@sanity/client'
import { median } from './ssr/processes'
import { startInstance, type Instance } from './scale/instance'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const SCHEDULE_AHEAD_MS = 1500
let releases = 0

const show = (id: string, i: number) => ({
  _id: id,
  _type: 'event',
  slug: { _type: 'slug', current: `${id}-${i}` },
  startsAt: new Date(Date.now() + (30 + i) * 86_400_000).toISOString(),
  timeZone: 'America/Los_Angeles',
  venue: `Bench hall ${i}`,
  city: 'Somis',
  region: 'CA',
  country: 'US',
  status: 'onSale',
  ticketUrl: `https://tickets.example.com/bench/${id}`,
  price: 45,
  currency: 'USD',
})

/** A new release holding new versions of `count` new shows (batches of 100 actions, as a body allows). */
async function releaseOfShows(
  client: SanityClient,
  count: number,
): Promise<{ releaseId: string; ids: string[] }> {
  const releaseId = `rBench${++releases}`
  const ids = Array.from({ length: count }, (_, i) => `bench-${releaseId}-${i}`)
  await client.releases.create({ releaseId, metadata: { title: `Bench ${releaseId}`, releaseType: 'asap' } })
  for (let i = 0; i < count; i += 100) {
    await client.action(
      ids.slice(i, i + 100).map((id, j) => ({
        actionType: 'sanity.action.document.version.create' as const,
        publishedId: id,
        document: show(`versions.${releaseId}.${id}`, i + j),
      })),
    )
  }
  return { releaseId, ids }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

/** `releases.publish` of a release of `count` shows: the request's time. */
async function publishRelease(site: Instance, count: number): Promise<number> {
  const { releaseId } = await releaseOfShows(site.client, count)
  return timed(() => site.client.releases.publish({ releaseId }))
}

/** The same shows as drafts, published one `document.publish` action at a time. */
async function publishOneByOne(site: Instance, count: number): Promise<number> {
  const ids = Array.from({ length: count }, (_, i) => `bench-single-${++releases}-${i}`)
  await site.client.action(
    ids.map((id, i) => ({
      actionType: 'sanity.action.document.create' as const,
      publishedId: id,
      attributes: show(`drafts.${id}`, i),
      ifExists: 'fail' as const,
    })),
  )
  return timed(async () => {
    for (const id of ids)
      await site.client.action({
        actionType: 'sanity.action.document.publish',
        draftId: `drafts.${id}`,
        publishedId: id,
      })
  })
}

/** A release changing the home page's tagline, scheduled ahead; then `GET /` until it shows: ms after publishAt. */
async function publishAtToPage(site: Instance): Promise<number> {
  const releaseId = `rBenchTimed${++releases}`
  const tagline = `On sale at ten (${releaseId})`
  await site.client.releases.create({ releaseId, metadata: { title: tagline, releaseType: 'scheduled' } })
  await site.client.createVersion({ baseId: 'siteSettings', publishedId: 'siteSettings', releaseId })
  await site.client.patch(`versions.${releaseId}.siteSettings`).set({ 'tagline.en': tagline }).commit()
  await fetch(`${site.url}/`).then((res) => res.text())
  const publishAt = Date.now() + SCHEDULE_AHEAD_MS
  await site.client.releases.schedule({ releaseId, publishAt: new Date(publishAt).toISOString() })
  for (;;) {
    const body = await fetch(`${site.url}/`).then((res) => res.text())
    if (body.includes(tagline)) return Date.now() - publishAt
    if (Date.now() - publishAt > 30_000) throw new Error('the scheduled release never reached GET /')
  }
}

async function rounds(count: number, measure: () => Promise<number>): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < count; i++) samples.push(await measure())
  return samples
}

const fmt = (samples: number[]) => `${Math.round(median(samples))} ms (${samples.map(Math.round).join(', ')})`

const site = await startInstance(root, 'SMALL', { subscribers: 0 }, new Date())
try {
  const toPage = await rounds(ROUNDS, () => publishAtToPage(site))
  const release20 = await rounds(ROUNDS, () => publishRelease(site, 20))
  const single20 = await rounds(ROUNDS, () => publishOneByOne(site, 20))
  const release1000 = await rounds(Math.min(ROUNDS, 3), () => publishRelease(site, 1000))
  console.log('| Measure | Median (samples) |')
  console.log('| --- | --- |')
  console.log(`| publishAt to \`GET /\` showing the release | ${fmt(toPage)} |`)
  console.log(`| \`releases.publish\`, 20 new shows | ${fmt(release20)} |`)
  console.log(`| 20 shows published one \`document.publish\` at a time | ${fmt(single20)} |`)
  console.log(`| \`releases.publish\`, 1,000 new shows | ${fmt(release1000)} |`)
} finally {
  await site.close()
}
