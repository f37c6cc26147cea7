/**
 * Lighthouse (mobile, Lighthouse 12 defaults) against the production build of the home page and of a show page,
 * served the way `npm start` serves it (fresh data dir with the seed content), on the system's Chromium. Prints the
 * four category scores, LCP/CLS/TBT, and the JavaScript each page loads (gzip): what the HTML asks for up front, and
 * everything fetched until the page settled, plus whether any Studio code was among it.
 *
 * Targets (issue 5): performance >= 95, accessibility 100, best practices >= 95, SEO 100, CLS < 0.05,
 * initial JS <= 110 KB gzip, no Studio chunk. Benchmarks print figures; they do not fail on them.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const CHROME_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
]
const STUDIO_CHUNK = /admin-page|studio|sanity/i

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
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

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

async function gzipSizeOf(url: string): Promise<number> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  return gzipSync(body, { level: 9 }).length
}

/** Scripts the server HTML references: the entry module and its modulepreloads. */
function initialScripts(html: string, origin: string): string[] {
  const urls = new Set<string>()
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g))
    urls.add(new URL(match[1]!, origin).href)
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g))
    urls.add(new URL(match[1]!, origin).href)
  return [...urls]
}

/**
 * The first request of a fresh server pays for module loading, and each image variant is resized on first
 * request (then cached on disk): fetch the page and every image it names before measuring.
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
  for (const accept of ['image/avif,image/webp,*/*', 'image/webp,*/*']) {
    await Promise.all(
      [...images].map((image) => fetch(image, { headers: { Accept: accept } }).then((r) => r.arrayBuffer())),
    )
  }
}

type Lhr = {
  runtimeError?: { code: string; message: string }
  categories: Record<string, { score: number | null }>
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { url: string; resourceType?: string }[] } }
  >
}

/** The home page, and a show page (issue 17: the same targets), from the seed content. */
const PAGES = ['/', '/shows/2025-10-25-land-sky-somis']

/** One Lighthouse run of `origin + pagePath`, with its figures printed. */
async function audit(chromePort: number, origin: string, pagePath: string) {
  const url = `${origin}${pagePath}`
  const run = async () => {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    if (!result) throw new Error('Lighthouse returned no result')
    return result.lhr as unknown as Lhr
  }
  await warmUp(url)
  // Lighthouse says so itself: a trace it failed to record (NO_NAVSTART and friends) is worth one more run.
  let lhr = await run()
  if (lhr.runtimeError) {
    console.log(`  (Lighthouse runtime error ${lhr.runtimeError.code}; running it once more)`)
    lhr = await run()
  }

  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const requests = lhr.audits['network-requests']?.details?.items ?? []
  const scripts = requests.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin))
  const html = await (await fetch(url)).text()
  const initial = initialScripts(html, url)
  const initialBytes = (await Promise.all(initial.map(gzipSizeOf))).reduce((a, b) => a + b, 0)
  const loadedBytes = (await Promise.all(scripts.map((s) => gzipSizeOf(s.url)))).reduce((a, b) => a + b, 0)
  const studio = requests.filter(
    (item) => STUDIO_CHUNK.test(new URL(item.url).pathname) && item.resourceType === 'Script',
  )

  console.log(`Lighthouse ${'12'} mobile, ${url}`)
  console.log(`  performance     ${score('performance')}   (target >= 95)`)
  console.log(`  accessibility   ${score('accessibility')}   (target 100)`)
  console.log(`  best practices  ${score('best-practices')}   (target >= 95)`)
  console.log(`  SEO             ${score('seo')}   (target 100)`)
  console.log(`  LCP             ${Math.round(metric('largest-contentful-paint'))} ms`)
  console.log(`  CLS             ${metric('cumulative-layout-shift').toFixed(3)}   (target < 0.05)`)
  console.log(`  TBT             ${Math.round(metric('total-blocking-time'))} ms`)
  console.log(
    `  FCP             ${Math.round(metric('first-contentful-paint'))} ms, server response ${Math.round(metric('server-response-time'))} ms, JS boot-up ${Math.round(metric('bootup-time'))} ms`,
  )
  console.log(`  initial JS      ${kb(initialBytes)} gzip in ${initial.length} file(s)   (target <= 110 KB)`)
  console.log(
    `  all JS loaded   ${kb(loadedBytes)} gzip in ${scripts.length} file(s) (lazy toast/tooltip chunks after hydration included)`,
  )
  for (const script of scripts) console.log(`    ${new URL(script.url).pathname}`)
  console.log(`  Studio loaded   ${studio.length > 0 ? `YES: ${studio.map((s) => s.url).join(', ')}` : 'no'}`)
  const failing = Object.entries(lhr.audits as Record<string, { score?: number | null; title?: string }>)
    .filter(([, audit]) => audit.score !== null && audit.score !== undefined && audit.score < 0.9)
    .map(([id, audit]) => `${id} (${audit.score})`)
  if (failing.length > 0) console.log(`  audits below 0.9: ${failing.join(', ')}`)
  const errored = Object.entries(lhr.audits as Record<string, { errorMessage?: string }>)
    .filter(([, audit]) => audit.errorMessage)
    .map(([id, audit]) => `${id}: ${audit.errorMessage}`)
  if (lhr.runtimeError)
    console.log(`  Lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  if (errored.length > 0) console.log(`  audit errors:\n    ${errored.slice(0, 8).join('\n    ')}`)
}

async function main() {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'band-bench-'))
  const server = await startServer(port, dataDir)
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS })
  try {
    for (const pagePath of PAGES) await audit(chrome.port, `http://localhost:${port}`, pagePath)
  } finally {
    chrome.kill()
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
