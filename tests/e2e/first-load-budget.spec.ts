import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { siteAddresses, siteContentClient } from './support/site-addresses'
import { SITE_PAGES } from '../../web/src/app/route-table'
import { pathWithoutLocale } from '../../web/src/lib/i18n/localized-path-contract'
import { expect, test, waitForHydration } from './support/test'

/**
 * The JavaScript each page loads before the first input, gzipped as a browser receives it (level 9, as the
 * Lighthouse bench counts it), against the page's budget in KB. The floor app (React, React Router's data
 * router and React Query, nothing else; `npm run bench -- home-lighthouse`) sets the ceiling: no page may load
 * more than 120 KB. Each budget is the page's larger figure (phone or desktop) when it was set (the figures:
 * docs/logs/first-load-measurements.md) plus about 5 KB: room for the next feature, not a margin of bytes. A change that needs more raises the budget here,
 * in review, with its figure. Every page of the route table is measured (tests/e2e/support/site-addresses.ts), in
 * English and in Spanish, each language held to the page's one budget (ADR 193); one without a budget here is
 * held to the ceiling.
 */
const BUDGET_KB: Record<string, number> = {
  '/': 116,
  '/?media=<media>': 120,
  '/news': 115,
  '/news?page=<page>': 115,
  '/news/<slug>': 116,
  '/shows/<slug>': 120,
  '/shows': 116,
  '/shows?page=<page>': 116,
  '/shows?area=<area>': 116,
  '/shows/past': 119,
  '/shows/past?page=<page>': 119,
  '/newsletter/confirmed': 107,
  '/no/such/page': 107,
}
const CEILING_KB = 120

/**
 * A phone, as Lighthouse measures (no hover: the tooltips' Radix waits for a touch), and a desktop, where the
 * tooltips load at once and the tour promo (768 px and wider) on the home page.
 */
const DEVICES = {
  phone: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
}

/** A chunk of the manifest; a worker's script (`new Worker(new URL(...))`) is among its starter's `assets`. */
type Chunk = { file: string; assets?: string[] }
const manifestFiles = new Set(
  Object.values(
    JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<string, Chunk>,
  ).flatMap((chunk) =>
    [chunk.file, ...(chunk.assets ?? []).filter((file) => file.endsWith('.js'))].map((file) => `/${file}`),
  ),
)

/**
 * The gzip size of a built script, by its URL path; a script the build's manifest does not name (a chunk, or a
 * worker's script) fails.
 */
function gzipSizeOf(path: string): number {
  expect(manifestFiles, `${path} is not a chunk of the build's manifest`).toContain(path)
  let size = gzipSizes.get(path)
  if (size === undefined) {
    size = gzipSync(readFileSync(`dist/client${path}`), { level: 9 }).length
    gzipSizes.set(path, size)
  }
  return size
}
/** Each script's size, compressed once per worker: most pages share most of their scripts. */
const gzipSizes = new Map<string, number>()

/** Opens `path` and waits, without any input, until hydration is done and the network has been idle. */
async function scriptsLoadedWithoutInput(page: Page, path: string, origin: string): Promise<string[]> {
  const scripts = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (request.resourceType() === 'script' && url.origin === origin) {
      scripts.add(url.pathname)
    }
  })
  await page.goto(path)
  await waitForHydration(page)
  await page.waitForLoadState('networkidle')
  return [...scripts].sort()
}

for (const [device, options] of Object.entries(DEVICES)) {
  test.describe(`on a ${device}`, () => {
    test.use(options)
    for (const entry of SITE_PAGES) {
      test(`the ${entry.id} page loads no more JavaScript (gzip) before the first input than its budget`, async ({
        page,
        baseURL,
      }) => {
        for (const { template, url } of await siteAddresses(siteContentClient(baseURL!), {
          pages: [entry],
        })) {
          const budget = BUDGET_KB[pathWithoutLocale(template)] ?? CEILING_KB
          const scripts = await scriptsLoadedWithoutInput(page, url, new URL(baseURL!).origin)
          const sizes = scripts.map((script) => [script, gzipSizeOf(script)] as const)
          const totalKb = sizes.reduce((sum, [, size]) => sum + size, 0) / 1024
          const listing = sizes
            .map(([script, size]) => `  ${(size / 1024).toFixed(1)} KB ${script}`)
            .join('\n')
          console.log(`${device} ${url}: ${totalKb.toFixed(1)} KB of ${budget} KB\n${listing}`)
          expect(budget, 'a page budget above the ceiling').toBeLessThanOrEqual(CEILING_KB)
          expect(
            totalKb,
            `${url} on a ${device} loads ${totalKb.toFixed(1)} KB, over its ${budget} KB budget:\n${listing}`,
          ).toBeLessThanOrEqual(budget)
        }
      })
    }
  })
}
