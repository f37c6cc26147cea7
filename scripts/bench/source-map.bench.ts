/**
 * What `resultSourceMap` costs (ADR 141): the home page's five queries (web/src/content/queries.ts) over the seed
 * content, evaluated without and with a source map, side by side in one run: in-process as the query workers do
 * it (rounds alternate, so both see the same machine), then over HTTP with the result cache off.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import {
  galleryItemsQuery,
  newsletterPopupQuery,
  siteSettingsQuery,
  tourDatesQuery,
  tourPromoQuery,
} from '../../web/src/content/queries'
import {
  ContentStore,
  queryViewFor,
  runQuery,
  runQueryWithSourceMap,
  type SanityDocument,
} from '../../server/content-api/engine'
import { createContentApi } from '../../server/content-api/http/router'
import { testAuthenticate } from '../../server/content-api/testing/test-server'
import { createTestApp } from '../../server/testing/test-app'

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const HOME_PAGE = [siteSettingsQuery, newsletterPopupQuery, tourDatesQuery, galleryItemsQuery, tourPromoQuery]

const seedFile = path.resolve(import.meta.dirname, '../../content/seed/production.ndjson')
const seed = readFileSync(seedFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as SanityDocument)

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0))
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

/** One home page's five queries in-process, in alternating rounds of 20 pages per variant. */
async function inProcess(store: ContentStore) {
  const context = queryViewFor(store.dataset('production'), { kind: 'published' }, true)
  const times = { plain: [] as number[], mapped: [] as number[] }
  const bytes = { result: 0, sourceMap: 0 }
  const page = async (mapped: boolean) => {
    const start = performance.now()
    for (const query of HOME_PAGE) {
      if (!mapped) {
        JSON.stringify(await runQuery(query, context))
        continue
      }
      const answer = await runQueryWithSourceMap(query, context, 'key')
      bytes.result = JSON.stringify(answer.result).length
      bytes.sourceMap = JSON.stringify(answer.sourceMap).length
    }
    return performance.now() - start
  }
  const end = performance.now() + 2 * SECONDS * 1000
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) times.plain.push(await page(false))
    for (let i = 0; i < 20; i++) times.mapped.push(await page(true))
  }
  return { times, bytes }
}

async function overHttp(base: string, sourceMap: boolean) {
  const result = await autocannon({
    url: base,
    connections: 4,
    duration: SECONDS / 2,
    workers: 1,
    requests: HOME_PAGE.map((query) => ({
      method: 'GET' as const,
      path: `/content/v2025-02-19/data/query/production?query=${encodeURIComponent(query)}&returnQuery=false${sourceMap ? '&resultSourceMap=withKeyArraySelector' : ''}`,
    })),
  })
  if (result.non2xx || result.errors) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, perSecond: result.requests.average }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'source-map-bench-'))
const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
let server: Server | undefined
try {
  await store.commit('production', { author: 'bench' }, (ws) => {
    for (const doc of seed) ws.apply(doc._id, { createOrReplace: doc })
  })
  const { times, bytes } = await inProcess(store)
  console.log(`\nHome page's 5 queries in-process, seed content (${seed.length} documents), ${2 * SECONDS}s`)
  console.log(
    '  %s  %s  %s  %s',
    'variant'.padEnd(26),
    'pages'.padStart(7),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
  )
  for (const [name, samples] of [
    ['without resultSourceMap', times.plain],
    ['with resultSourceMap', times.mapped],
  ] as const) {
    samples.sort((a, b) => a - b)
    console.log(
      '  %s  %s  %s  %s',
      name.padEnd(26),
      String(samples.length).padStart(7),
      fmt(percentile(samples, 0.5)).padStart(8),
      fmt(percentile(samples, 0.99)).padStart(8),
    )
  }
  console.log(
    `  p50 with / without: ${(percentile(times.mapped, 0.5) / percentile(times.plain, 0.5)).toFixed(2)}x; tour promo answer ${bytes.result} B, its source map ${bytes.sourceMap} B`,
  )

  const api = createContentApi({ store, authenticate: testAuthenticate, queryCache: false })
  const app = createTestApp({ routers: { '/content': api } })
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  console.log(`\nThe same over HTTP (result cache off, 4 connections, rounds of ${SECONDS / 2}s alternating)`)
  for (let round = 0; round < 2; round++) {
    for (const sourceMap of [false, true]) {
      const r = await overHttp(base, sourceMap)
      console.log(
        `  ${(sourceMap ? 'with' : 'without').padEnd(8)} resultSourceMap: ${fmt(r.perSecond)} queries/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms`,
      )
    }
  }
} finally {
  server?.closeAllConnections()
  server?.close()
  store.close()
  rmSync(dataDir, { recursive: true, force: true })
}
