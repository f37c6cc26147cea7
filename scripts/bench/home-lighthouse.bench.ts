/**
 * Lighthouse 13 (mobile preset, simulated throttling) on the system's Chromium, side by side with a floor app
 * (issue 14): `scripts/bench/floor-app/`, Vite + React 19 + react-router's data router + react-query 5 rendering
 * one heading, built here with the project's own versions. The production build is served the way `npm start`
 * serves it (fresh data dir with the seed content). Runs are interleaved (floor, then each site page) for
 * ROUNDS rounds, each in a fresh Chromium profile; the medians are printed side by side with the differences.
 *
 * Targets (issues 14 and 26), against the floor measured in the same run: performance >= floor, LCP <= floor,
 * TBT <= floor + 50 ms, CLS <= 0.01, accessibility / best practices / SEO 100, JavaScript fetched before the
 * first interaction <= 120 KB gzip (the ceiling of tests/e2e/first-load-budget.spec.ts, which holds each page
 * to its own budget), no Studio code. Benchmarks print figures; they do not fail on them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { build } from 'vite'
import { serveStatic } from './floor-app/serve-static'

const CHROME_PATH = process.env.CHROME_PATH || process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
]
/**
 * A Spanish page is opened as its readers open it: in a browser that prefers Spanish. An English browser also
 * gets the language hint on it; `LIGHTHOUSE_BROWSER_LANG=en` audits every page that way.
 */
const browserLanguageFlags = (url: string) =>
  process.env.LIGHTHOUSE_BROWSER_LANG !== 'en' && new URL(url).pathname.match(/^\/es(\/|$)/)
    ? ['--lang=es-MX', '--accept-lang=es-MX,es']
    : []
const STUDIO_CHUNK = /admin-page|studio|sanity/i
const ROUNDS = Number(process.env.LIGHTHOUSE_ROUNDS ?? 3)
/** Ports from this bench's own range: site, floor, and BASE_PORT + 10 ... + 49 for Chromium's debugging port. */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3450)
const FLOOR_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'floor-app')

type Lhr = {
  runtimeError?: { code: string; message: string }
  categories: Record<string, { score: number | null }>
  audits: Record<
    string,
    {
      score?: number | null
      numericValue?: number
      details?: { items?: LhrItem[] }
    }
  >
}

/**
 * An item of an audit's details: a row of the network table, or in the LCP breakdown's list, its table of
 * subparts, then the LCP element as a node item.
 */
type LhrItem = {
  url: string
  resourceType?: string
  type?: string
  snippet?: string
  items?: { subpart?: string; duration?: number }[]
}

type Figures = {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  cls: number
  si: number
  jsGzip: number
  scripts: string[]
  studio: boolean
  failing: string[]
  /** The LCP element's HTML and its phases (TTFB, load delay, load time, render delay) in simulated ms. */
  lcpElement: string
  lcpPhases: string
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HTTPS_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Offline here: the videos' thumbnails are the server's placeholder at once, not after a failed lookup.
      YOUTUBE_THUMBNAIL_ORIGIN: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('server did not start within 60 s')
}

const gzipCache = new Map<string, number>()
async function gzipSizeOf(url: string): Promise<number> {
  const known = gzipCache.get(url)
  if (known !== undefined) return known
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const size = gzipSync(body, { level: 9 }).length
  gzipCache.set(url, size)
  return size
}

/**
 * The first request of a fresh server pays for module loading and rendering, and each image variant is resized
 * on first request (then cached on disk): fetch the page and every image it names before measuring.
 */
async function warmUp(url: string) {
  for (let i = 0; i < 3; i++) await (await fetch(url)).text()
  const html = await (await fetch(url)).text()
  const images = new Set<string>()
  for (const match of html.matchAll(/(?:src|srcSet|imageSrcSet|href)="([^"]+)"/gi)) {
    for (const part of match[1]!.replaceAll('&amp;', '&').split(/,\s+/)) {
      const candidate = part.trim().split(' ')[0]!
      if (candidate.startsWith('/content/images/')) images.add(new URL(candidate, url).href)
    }
  }
  // Eight at a time: every srcset candidate of the gallery at once (60+) is more than the image queue takes
  // (ADR 085, 429 past 50 waiting), where a browser asks for one candidate per image.
  const all = [...images]
  for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*']) {
    for (let i = 0; i < all.length; i += 8) {
      await Promise.all(
        all
          .slice(i, i + 8)
          .map((image) => fetch(image, { headers: { Accept: accept } }).then((r) => r.arrayBuffer())),
      )
    }
  }
}

let runCount = 0

/** One Lighthouse run in a fresh Chromium (fresh profile), retried once when the trace was not recorded. */
async function audit(url: string): Promise<Figures> {
  const once = async () => {
    // A port of our own range per run (BASE_PORT + 10 ...): the last run's Chromium may still hold the previous one.
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [...CHROME_FLAGS, ...browserLanguageFlags(url)],
      port: BASE_PORT + 10 + (runCount++ % 40),
    })
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result) throw new Error('Lighthouse returned no result')
      // LIGHTHOUSE_SAVE=<dir> keeps each report's JSON, to see where the time went (treemap, main thread).
      if (process.env.LIGHTHOUSE_SAVE) {
        const name = `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}${new URL(url).search ? '_media' : ''}.json`
        mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true })
        writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, name), JSON.stringify(result.lhr))
      }
      return result.lhr as unknown as Lhr
    } finally {
      await chrome.kill()
    }
  }
  let lhr = await once()
  if (lhr.runtimeError) {
    console.log(`  (Lighthouse runtime error ${lhr.runtimeError.code} on ${url}; running it once more)`)
    lhr = await once()
  }
  const origin = new URL(url).origin
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  // Lighthouse never interacts: every script it saw load is JavaScript fetched before the first interaction.
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests
    .filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin))
    .map((item) => item.url)
  const jsGzip = (await Promise.all(scripts.map(gzipSizeOf))).reduce((a, b) => a + b, 0)
  const failing = Object.entries(lhr.audits)
    .filter(([, a]) => typeof a.score === 'number' && a.score < 0.9)
    .map(([id, a]) => `${id} (${a.score})`)
  // Lighthouse 13: the LCP breakdown insight lists its subparts table, then the LCP element.
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details?.items ?? []
  const lcpElement = breakdown.find((item) => item.type === 'node')?.snippet ?? '(none)'
  const subparts = breakdown.find((item) => item.type !== 'node')?.items ?? []
  const lcpPhases = subparts.map((row) => `${row.subpart} ${ms(row.duration ?? 0)}`).join(', ')
  return {
    lcpElement,
    lcpPhases,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    jsGzip,
    scripts: scripts.map((s) => new URL(s).pathname),
    studio: scripts.some((s) => STUDIO_CHUNK.test(new URL(s).pathname)),
    failing,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

const ms = (value: number) => `${Math.round(value)} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const signed = (value: number, unit: (v: number) => string) =>
  (value >= 0 ? '+' : '-') + unit(Math.abs(value))

const runsLine = (runs: Figures[]) => runs.map((r) => `${r.performance}/${ms(r.lcp)}/${ms(r.tbt)}`).join(', ')

/** Median figures of one page beside the floor's, with the difference and whether each target holds. */
function report(label: string, page: Figures[], floor: Figures[]) {
  const m = (runs: Figures[], key: keyof Figures) => median(runs.map((r) => r[key] as number))
  const rows: [string, keyof Figures, (v: number) => string, (site: number, floor: number) => string][] = [
    ['performance', 'performance', String, (s, f) => (s >= f ? 'ok (>= floor)' : 'MISSED (>= floor)')],
    ['LCP', 'lcp', ms, (s, f) => (s <= f ? 'ok (<= floor)' : 'MISSED (<= floor)')],
    ['FCP', 'fcp', ms, () => ''],
    ['TBT', 'tbt', ms, (s, f) => (s <= f + 50 ? 'ok (<= floor + 50 ms)' : 'MISSED (<= floor + 50 ms)')],
    ['CLS', 'cls', (v) => v.toFixed(3), (s) => (s <= 0.01 ? 'ok (<= 0.01)' : 'MISSED (<= 0.01)')],
    ['speed index', 'si', ms, () => ''],
    ['accessibility', 'accessibility', String, (s) => (s === 100 ? 'ok (100)' : 'MISSED (100)')],
    ['best practices', 'bestPractices', String, (s) => (s === 100 ? 'ok (100)' : 'MISSED (100)')],
    ['SEO', 'seo', String, (s) => (s === 100 ? 'ok (100)' : 'MISSED (100)')],
    [
      'JS before input',
      'jsGzip',
      kb,
      (s) => (s <= 120 * 1024 ? 'ok (<= 120 KB gzip)' : 'MISSED (<= 120 KB)'),
    ],
  ]
  console.log(`\n${label}: median of ${page.length} runs beside the floor app's`)
  console.log(
    `  ${'metric'.padEnd(16)}${'site'.padStart(10)}${'floor'.padStart(10)}${'diff'.padStart(11)}  target`,
  )
  for (const [name, key, unit, verdict] of rows) {
    const site = m(page, key)
    const base = m(floor, key)
    const diff = key === 'cls' ? (site - base).toFixed(3) : signed(site - base, unit)
    console.log(
      `  ${name.padEnd(16)}${unit(site).padStart(10)}${unit(base).padStart(10)}${diff.padStart(11)}  ${verdict(site, base)}`,
    )
  }
  const last = page[page.length - 1]!
  console.log(`  runs (perf/LCP/TBT): ${runsLine(page)}`)
  const medianRun = [...page].sort((a, b) => a.lcp - b.lcp)[Math.floor(page.length / 2)]!
  console.log(`  LCP element: ${medianRun.lcpElement.slice(0, 160)}`)
  console.log(`  LCP phases (median run): ${medianRun.lcpPhases}`)
  console.log(`  scripts (${last.scripts.length}): ${last.scripts.join(' ')}`)
  console.log(`  Studio code loaded: ${page.some((r) => r.studio) ? 'YES' : 'no'}`)
  const failing = [...new Set(page.flatMap((r) => r.failing))]
  if (failing.length > 0) console.log(`  audits below 0.9 in some run: ${failing.join(', ')}`)
}

/** The first link on `page` matching `pattern`, so slugs are measured on whatever content is seeded. */
async function firstLink(origin: string, page: string, pattern: RegExp): Promise<string | null> {
  const html = (await (await fetch(`${origin}${page}`)).text()).replaceAll('&amp;', '&')
  return html.match(pattern)?.[1] ?? null
}

/**
 * The measured pages, each with a template (`/news/<slug>`) that `LIGHTHOUSE_PAGES` may name instead of the
 * concrete path: `LIGHTHOUSE_PAGES=/,/news/<slug>` or `LIGHTHOUSE_PAGES=/?media=` (an entry ending in `/` or `=`
 * matches every page it begins). `/` alone means only the home page, not `/?media=`.
 */
async function pagesToMeasure(origin: string): Promise<{ path: string; template: string }[]> {
  // Gallery tiles are buttons; the page's structured data names each item's `?media=` deep link.
  const media = await firstLink(origin, '/', /[?&]media=([\w-]+)/)
  const post = await firstLink(origin, '/news', /href="(\/news\/[\w-]+)"/)
  const show = await firstLink(origin, '/', /href="(\/shows\/[\w-]+)"/)
  const area = await firstLink(origin, '/shows', /href="(\/shows\?area=[\w-]+)"/)
  if (!media) console.log('  (no gallery link on the home page: /?media= is not measured)')
  if (!post) console.log('  (no post link on /news: /news/<slug> is not measured)')
  // The Spanish pages (ADR 194): the same pages under /es, a post of the Spanish news page (posts are per language).
  const spanishPost = await firstLink(origin, '/es/news', /href="(\/es\/news\/[\w-]+)"/)
  const spanish = [
    { path: '/es', template: '/es' },
    { path: '/es/news', template: '/es/news' },
    ...(spanishPost ? [{ path: spanishPost, template: '/es/news/<slug>' }] : []),
    ...(media ? [{ path: `/es?media=${media}`, template: '/es?media=<slug>' }] : []),
    ...(show ? [{ path: `/es${show}`, template: '/es/shows/<slug>' }] : []),
    { path: '/es/shows', template: '/es/shows' },
    ...(area ? [{ path: `/es${area}`, template: '/es/shows?area=<slug>' }] : []),
  ]
  const all = [
    { path: '/', template: '/' },
    { path: '/news', template: '/news' },
    ...(post ? [{ path: post, template: '/news/<slug>' }] : []),
    ...(media ? [{ path: `/?media=${media}`, template: '/?media=<slug>' }] : []),
    ...(show ? [{ path: show, template: '/shows/<slug>' }] : []),
    { path: '/shows', template: '/shows' },
    ...(area ? [{ path: area, template: '/shows?area=<slug>' }] : []),
    ...spanish,
  ]
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((want) => want.trim())
  if (!only) return all
  const wanted = (page: (typeof all)[number], want: string) =>
    want === page.path ||
    want === page.template ||
    ((want.endsWith('/') || want.endsWith('=')) && want !== '/' && page.path.startsWith(want))
  const pages = all.filter((page) => only.some((want) => wanted(page, want)))
  if (pages.length === 0) {
    throw new Error(
      `LIGHTHOUSE_PAGES=${only.join(',')} names none of ${all.map((p) => p.template).join(', ')}`,
    )
  }
  return pages
}

async function main() {
  console.log('Building the floor app (scripts/bench/floor-app) with the project versions...')
  const floorOut = mkdtempSync(path.join(os.tmpdir(), 'floor-app-'))
  await build({
    configFile: path.join(FLOOR_DIR, 'vite.config.ts'),
    build: { outDir: floorOut, emptyOutDir: true },
  })
  const floorServer = await serveStatic(floorOut, BASE_PORT + 1)
  const floorUrl = `http://localhost:${BASE_PORT + 1}/`

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'band-bench-'))
  const server = await startServer(BASE_PORT, dataDir)
  const origin = `http://localhost:${BASE_PORT}`
  try {
    const pages = (await pagesToMeasure(origin)).map((page) => page.path)
    for (const page of pages) await warmUp(`${origin}${page}`)
    await warmUp(floorUrl)

    const floorRuns: Figures[] = []
    const siteRuns = new Map<string, Figures[]>(pages.map((page) => [page, []]))
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}/${ROUNDS}`)
      floorRuns.push(await audit(floorUrl))
      for (const page of pages) siteRuns.get(page)!.push(await audit(`${origin}${page}`))
    }

    console.log(`\nLighthouse 13, mobile preset, simulated throttling, ${ROUNDS} interleaved rounds`)
    console.log(`floor app ${floorUrl}: scripts ${floorRuns[0]!.scripts.join(' ')}`)
    // The floor's own spread, so a difference can be read against it (its LCP, too, moves between runs).
    console.log(`floor runs (perf/LCP/TBT): ${runsLine(floorRuns)}`)
    for (const page of pages) report(page, siteRuns.get(page)!, floorRuns)
  } finally {
    floorServer.close()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(floorOut, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
