import type { Instance } from './instance'
import { ADMIN_TOKEN } from './instance'
import { BROWSER_ACCEPT_ENCODING, startDownloader, type Download } from './download-elsewhere'
import { getOk } from './http'
import { pacedGets, percentile } from './paced-gets'
import { runLoad } from '../ssr/load'

/** Pages every instance has (the seed's), read and re-read around each measurement. */
export const HOME = '/'
export const PAST_SHOWS = '/shows/past'
export const UPCOMING_SHOWS = '/shows'
export const CALENDAR = '/shows.ics'
/** A seed show whose notes each "publish" edits: the home page, the archive and the calendars read it. */
const EDITED_SHOW = 'event-2025-09-04-el-roblar'
const EDITED_SHOW_PAGE = '/shows/2025-09-04-hotel-el-roblar-ojai'
/** A cached page that show does not appear on. */
const UNRELATED_PAGE = '/news/alma-oeste-single'
/** Pages read last before a change, so that the page measured is not among those re-rendered after it. */
const OTHER_PAGES = ['/news', '/news/anniversary-tour', UNRELATED_PAGE, EDITED_SHOW_PAGE]
const EXPORT = '/api/newsletter/admin/subscribers.csv'
/**
 * How long the export step times `GET /` during exports (and as long between them): about 800 answers a side, so
 * that a p99 is not two or three answers that met a moment of the shared machine's.
 */
const EXPORTING_MS = 4000

let edits = 0
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** An editor's publish of one change to a seed show (as the Studio's publish commits it). */
async function publishShowEdit(site: Instance) {
  await site.client
    .patch(EDITED_SHOW)
    .set({ 'notes.en': `The first night of the tour (edit ${++edits} in the scale bench).` })
    .commit()
}

/** Reads the usual pages once, so they are cached and nothing a previous step started is still rendering. */
export async function settle(site: Instance) {
  for (const page of [HOME, UPCOMING_SHOWS, PAST_SHOWS, CALENDAR, ...OTHER_PAGES])
    await getOk(site.url + page)
}

/** `GET /` as sent, without and with gzip: the bytes of the page. */
export async function homeBytes(site: Instance) {
  const raw = await getOk(site.url + HOME)
  const gzip = await getOk(site.url + HOME, { encoding: 'gzip' })
  return { homeRaw: raw.bytes, homeGzip: gzip.bytes }
}

/**
 * A page's render on a miss: it is cached, other pages are read after it (the page cache once re-rendered the
 * most recently used after a change, and it must not be one of them), a publish changes a show it lists, the
 * other pages are read again (rendered), then the page is requested. `stale` counts answers with the old ETag (a
 * page's HTML carries its render time, so only a cached answer has it; a calendar may be equal when rendered
 * again). `events`: how many calendar entries the answer holds (a calendar's size is its shows').
 */
export async function coldRender(site: Instance, page: string) {
  const before = await getOk(site.url + page)
  const others = OTHER_PAGES.filter((other) => other !== page)
  for (const other of others) await getOk(site.url + other)
  await publishShowEdit(site)
  for (const other of others) await getOk(site.url + other)
  const cold = await getOk(site.url + page)
  const events = cold.body.toString('utf8').split('BEGIN:VEVENT').length - 1
  return { ms: cold.ms, bytes: cold.bytes, events, stale: cold.etag === before.etag }
}

/** Cached `GET /` (gzip) requests per second from `connections` connections for `seconds`. */
export async function cachedRps(site: Instance, seconds: number, connections = 10) {
  await getOk(site.url + HOME)
  const figures = await runLoad(`${site.url}${HOME}`, connections, seconds)
  return figures.rps
}

/**
 * A fan's wait for a cached page the publish did not change, from the moment the publish returns until the
 * pages it changed (four, read right after it by another visitor) are rendered again: the longest of
 * back-to-back requests.
 * `stillCached`: every answer was the cached page.
 */
export async function longestWaitAfterPublish(site: Instance) {
  const cached = await getOk(site.url + UNRELATED_PAGE)
  const changed = [HOME, PAST_SHOWS, CALENDAR, EDITED_SHOW_PAGE]
  for (const page of changed) await getOk(site.url + page)
  await publishShowEdit(site)
  const started = performance.now()
  let rendered = false
  const renders = (async () => {
    for (const page of changed) await getOk(site.url + page)
  })().finally(() => (rendered = true))
  const waits: number[] = []
  let stillCached = true
  while (!rendered || performance.now() - started < 300) {
    const answer = await getOk(site.url + UNRELATED_PAGE)
    waits.push(answer.ms)
    stillCached &&= answer.etag === cached.etag
  }
  await renders
  return { ms: Math.max(...waits), stillCached }
}

/** A tagline edit (its English text), then the first `GET /`, which must show it: the time of that request. */
export async function publishToVisible(site: Instance) {
  const tagline = `Son Jarocho meets the spaghetti Western (take ${++edits})`
  await site.client.patch('siteSettings').set({ 'tagline.en': tagline }).commit()
  const answer = await getOk(site.url + HOME)
  if (!answer.body.toString('utf8').includes(tagline))
    throw new Error('GET / after a publish does not show it')
  return answer.ms
}

/**
 * The subscriber CSV export (as the Studio's Subscribers tool downloads it) and cached `GET /` requests at a
 * steady pace while it runs (scale/paced-gets.ts), against the same pace with no export (quiet). Quiet spells as
 * long as the last export alternate with exports until each side has run about `EXPORTING_MS`, so both p99s come from
 * as many answers, taken in the same seconds of a shared machine (one export and one quiet spell before it gave
 * ratios that followed the machine's moods, not the export). The downloads are read by one worker thread,
 * started before the first, so the bench's reading of them does not delay the `GET /`s it times, nor does a
 * thread's start at each export's. `ms`: the first export's.
 */
export async function csvExport(site: Instance) {
  await getOk(site.url + HOME)
  const gzip = { encoding: 'gzip' }
  const quiet: number[] = []
  const during: number[] = []
  const files: Download[] = []
  let spell = 300
  let exportingMs = 0
  const downloader = await startDownloader()
  try {
    do {
      const until = performance.now() + spell
      quiet.push(...(await pacedGets(site.url + HOME, () => performance.now() < until, gzip)))
      let exporting = true
      const download = downloader.download(site.url + EXPORT, {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        ...BROWSER_ACCEPT_ENCODING,
      })
      void download.received.then(() => (exporting = false))
      await download.sending
      const started = performance.now()
      during.push(...(await pacedGets(site.url + HOME, () => exporting, gzip)))
      exportingMs += performance.now() - started
      const file = await download.done
      if (file.status !== 200) throw new Error(`subscriber export: ${file.status}`)
      files.push(file)
      spell = file.ms
    } while (exportingMs < EXPORTING_MS)
  } finally {
    await downloader.close()
  }
  return {
    ms: files[0]!.ms,
    bytes: files[0]!.bytes,
    rows: files[0]!.rows,
    exports: files.length,
    duringMax: Math.max(...during),
    p99Ratio: percentile(during, 0.99) / percentile(quiet, 0.99),
    during,
    quiet,
  }
}

/**
 * A commit through the content API, then the first query: what a reader meets after every commit, `times` times.
 * The commit is a draft (an editor typing), so no published page changes and no page is rendered again meanwhile.
 */
export async function firstQueryAfterCommit(site: Instance, times = 3) {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    await site.client.createOrReplace({
      _id: 'drafts.scale-bench-note',
      _type: 'newsPost',
      title: `A draft, edit ${++edits}`,
    })
    const started = performance.now()
    await site.client.fetch('*[_type == "siteSettings" && _id == "siteSettings"][0].tagline.en')
    samples.push(performance.now() - started)
    await sleep(50)
  }
  return samples
}

/**
 * A crawler reading every address of the sitemap, twice, one request at a time: how many answers of the second
 * crawl were the cached page (the ETag of the first crawl's render; an HTML page carries its render time), and
 * whether `GET /` is still the page cached before the crawls.
 */
export async function sitemapCrawls(site: Instance) {
  const home = await getOk(site.url + HOME)
  const sitemap = (await getOk(`${site.url}/sitemap.xml`)).body.toString('utf8')
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const first = new Map<string, string | undefined>()
  const started = performance.now()
  for (const page of pages) first.set(page, (await getOk(site.url + page)).etag)
  const firstMs = performance.now() - started
  let hits = 0
  for (const page of pages) if ((await getOk(site.url + page)).etag === first.get(page)) hits++
  const homeAfter = await getOk(site.url + HOME)
  return { pages: pages.length, hits, homeStillCached: homeAfter.etag === home.etag, firstMs }
}

/** A document of a type the site never reads, so deleting or publishing it changes no page. */
const benchNote = (id: string) => ({ _id: id, _type: 'scaleBenchNote', title: `A note, edit ${++edits}` })

/**
 * A delete through the content API of a document nothing references, `times` times: the commit the engine's
 * reference check guards (it must find who references the document).
 */
export async function deleteDocument(site: Instance, times = 3) {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const id = `scale-bench-deleted-${++edits}`
    await site.client.create(benchNote(id))
    await sleep(50)
    const started = performance.now()
    await site.client.delete(id)
    samples.push(performance.now() - started)
  }
  return samples
}

/** A Studio publish of a draft (the publish action, which deletes the draft), `times` times. */
export async function publishDraft(site: Instance, times = 3) {
  const samples: number[] = []
  for (let i = 0; i < times; i++) {
    const id = `scale-bench-published-${++edits}`
    await site.client.create(benchNote(`drafts.${id}`))
    await sleep(50)
    const started = performance.now()
    await site.client.action({
      actionType: 'sanity.action.document.publish',
      draftId: `drafts.${id}`,
      publishedId: id,
    })
    samples.push(performance.now() - started)
    await site.client.delete(id)
  }
  return samples
}
