/**
 * Content API figures: the home page query over HTTP (autocannon) beside the same query evaluated in-process by
 * groq-js (the floor), at a seed-sized dataset and with 10,000 extra documents; mutations per second; and the
 * time until 100 SSE listeners all received one mutation event.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http, { type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { evaluate, parse } from 'groq-js'
import {
  runQuery,
  runQueryWithSourceMap,
  documentIndexFor,
  documentsFor,
  scanIndexFor,
  ContentStore,
  type SanityDocument,
} from '../../server/content-api/engine'
import { createContentApi } from '../../server/content-api/http/router'
import { testAuthenticate, TEST_TOKENS } from '../../server/content-api/testing/test-server'
import { createTestApp } from '../../server/testing/test-app'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10

/** What the home page needs in one round trip: settings, events by date, the gallery dereferenced, promo, popup. */
export const HOME_PAGE_QUERY = `{
  "settings": *[_type == "siteSettings"][0]{bandName, tagline, description, siteUrl, socialLinks, about,
    "logo": logo.asset->{url, metadata{lqip, dimensions}}, "heroPoster": heroPoster.asset->url},
  "events": *[_type == "event" && status != "cancelled"] | order(startsAt asc){
    _id, "slug": slug.current, startsAt, timeZone, venue, city, region, country, status, ticketUrl, price, currency},
  "gallery": *[_type == "gallery"][0].items[]->{_id, "slug": slug.current, kind, youtubeId, caption, credit, alt,
    "image": image.asset->{url, metadata{lqip, dimensions}}},
  "tourPromo": *[_type == "tourPromo"][0]{enabled, heading, youtubeId, ticketUrl, event->{venue, city, startsAt}},
  "popup": *[_type == "newsletterPopup"][0]{enabled, title, text, delayMs, scrollThresholdPx}
}`

function seedDocuments(): SanityDocument[] {
  const docs: SanityDocument[] = []
  const asset = (id: string) => {
    docs.push({
      _id: id,
      _type: 'sanity.imageAsset',
      url: `/images/local/production/${id}.jpg`,
      metadata: {
        lqip: 'data:image/jpeg;base64,AAAA',
        dimensions: { width: 1600, height: 900, aspectRatio: 1.78 },
      },
    })
    return { _type: 'image', asset: { _type: 'reference', _ref: id } }
  }
  docs.push({
    _id: 'siteSettings',
    _type: 'siteSettings',
    bandName: 'Los Forasteros',
    tagline: 'Son Jarocho meets the spaghetti Western',
    description: 'A touring folk band.',
    siteUrl: 'https://los-forasteros.example.com',
    logo: asset('image-logo'),
    heroPoster: asset('image-poster'),
    socialLinks: ['instagram', 'youtube', 'spotify', 'facebook'].map((platform, i) => ({
      _key: `s${i}`,
      platform,
      url: `https://${platform}.example.com/forasteros`,
    })),
    about: [{ _key: 'a', _type: 'block', children: [{ _key: 'c', _type: 'span', text: 'About the band.' }] }],
  })
  const cities = ['Veracruz', 'Tucson', 'Oaxaca', 'Santa Fe']
  cities.forEach((city, i) =>
    docs.push({
      _id: `event-${i}`,
      _type: 'event',
      slug: { _type: 'slug', current: `event-${i}` },
      startsAt: `2026-1${i}-0${i + 1}T20:00:00Z`,
      timeZone: 'America/Mexico_City',
      venue: `Teatro ${city}`,
      city,
      country: 'MX',
      status: i === 1 ? 'soldOut' : 'onSale',
      ticketUrl: 'https://tickets.example.com',
    }),
  )
  const items = Array.from({ length: 16 }, (_, i) => {
    docs.push({
      _id: `media-${i}`,
      _type: 'mediaItem',
      slug: { _type: 'slug', current: `media-${i}` },
      kind: i % 3 === 0 ? 'youtube' : 'image',
      youtubeId: i % 3 === 0 ? `yt${i}` : undefined,
      image: i % 3 === 0 ? undefined : asset(`image-media-${i}`),
      caption: `Caption ${i}`,
      credit: 'Photographer',
      alt: `Alt ${i}`,
    })
    return { _key: `g${i}`, _type: 'reference', _ref: `media-${i}` }
  })
  docs.push({ _id: 'gallery', _type: 'gallery', items })
  docs.push({
    _id: 'tourPromo',
    _type: 'tourPromo',
    enabled: true,
    heading: 'On tour',
    event: { _type: 'reference', _ref: 'event-0' },
  })
  docs.push({
    _id: 'newsletterPopup',
    _type: 'newsletterPopup',
    enabled: true,
    title: 'Join',
    text: 'News',
    delayMs: 12000,
    scrollThresholdPx: 100,
  })
  for (let i = 0; i < 2; i++) docs.push({ _id: `news-${i}`, _type: 'newsPost', title: `News ${i}` })
  return docs.map((doc) => JSON.parse(JSON.stringify(doc)) as SanityDocument)
}

function extraDocuments(count: number): SanityDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    _id: i % 10 === 0 ? `drafts.note-${i}` : `note-${i}`,
    _type: i % 2 ? 'note' : 'archivedPost',
    title: `Archived item ${i}`,
    body: [
      {
        _key: 'b',
        _type: 'block',
        children: [{ _key: 's', _type: 'span', text: 'Lorem ipsum '.repeat(10) }],
      },
    ],
    tags: ['one', 'two', 'three'],
    publishedAt: new Date(Date.UTC(2020, 0, 1) + i * 3600_000).toISOString(),
  }))
}

async function insert(store: ContentStore, docs: SanityDocument[]) {
  for (let i = 0; i < docs.length; i += 2000) {
    await store.commit('production', { author: 'bench' }, (ws) => {
      for (const doc of docs.slice(i, i + 2000)) ws.apply(doc._id, { createOrReplace: doc })
    })
  }
}

/**
 * groq-js alone (the floor), or the way the query endpoint evaluates: id index for `->`, narrowed `*` scans,
 * and with a content source map (`resultSourceMap=withKeyArraySelector`, ADR 141) when `sourceMap` is set.
 */
async function inProcess(store: ContentStore, asServed: boolean, sourceMap = false) {
  const tree = parse(HOME_PAGE_QUERY)
  const state = store.dataset('production')
  const view = { kind: 'published' } as const
  const dataset = documentsFor(state, view, true)
  const index = documentIndexFor(state, view, true)
  const { byType } = scanIndexFor(state, view, true)
  const times: number[] = []
  const end = performance.now() + DURATION * 1000
  while (performance.now() < end) {
    const start = performance.now()
    const context = {
      dataset,
      index,
      scan: {
        byType: (t: string) => byType.get(t) ?? [],
        byId: (id: string) => index.get(id),
        byIds: () => [],
      },
    }
    const result = !asServed
      ? await (await evaluate(tree, { dataset, params: {} })).get()
      : sourceMap
        ? await runQueryWithSourceMap(HOME_PAGE_QUERY, context, 'key')
        : await runQuery(HOME_PAGE_QUERY, context)
    JSON.stringify(result)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return {
    p50: times[Math.floor(times.length * 0.5)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
    perSecond: times.length / DURATION,
  }
}

async function listen(options: { queryCache: boolean }, store: ContentStore) {
  const api = createContentApi({
    store,
    authenticate: testAuthenticate,
    queryCache: options.queryCache,
    // The fan-out opens 100 listeners as one user, over the per-user cap of a real deployment (ADR 080).
    listenerLimits: { perUser: 1000 },
  })
  const app = createTestApp({ routers: { '/content': api } })
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s))
  })
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/content/v2025-02-19` }
}

async function httpQuery(base: string) {
  const result = await autocannon({
    url: `${base}/data/query/production?query=${encodeURIComponent(HOME_PAGE_QUERY)}&returnQuery=false`,
    connections: CONNECTIONS,
    duration: DURATION,
    // The load generator runs in a worker thread so it does not share the server's event loop.
    workers: 1,
  })
  if (result.non2xx || result.errors)
    throw new Error(`query bench saw ${result.non2xx} non-2xx, ${result.errors} errors`)
  return { p50: result.latency.p50, p99: result.latency.p99, perSecond: result.requests.average }
}

const fmt = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0))

async function queryFigures(label: string, store: ContentStore) {
  const floor = await inProcess(store, false)
  const rows: [string, { p50: number; p99: number; perSecond: number }][] = [
    ['groq-js in-process (floor)', floor],
    ['in-process as served (indexes)', await inProcess(store, true)],
    ['in-process + resultSourceMap', await inProcess(store, true, true)],
  ]
  for (const queryCache of [true, false]) {
    const { server, base } = await listen({ queryCache }, store)
    rows.push([`HTTP, result cache ${queryCache ? 'on' : 'off'}`, await httpQuery(base)])
    server.closeAllConnections()
    server.close()
  }
  console.log(
    `\nHome page query, ${label} (${store.dataset('production').docs.size} documents, ${CONNECTIONS} connections, ${DURATION}s)`,
  )
  console.log(
    '  %s  %s  %s  %s',
    'variant'.padEnd(30),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'req/s'.padStart(9),
  )
  for (const [name, r] of rows) {
    console.log(
      '  %s  %s  %s  %s',
      name.padEnd(30),
      fmt(r.p50).padStart(8),
      fmt(r.p99).padStart(8),
      fmt(r.perSecond).padStart(9),
    )
  }
  const served = rows[1]![1]
  console.log(
    `  resultSourceMap: ${(served.perSecond / rows[2]![1].perSecond).toFixed(2)}x the time of the same evaluation without`,
  )
  for (const [name, r] of rows.slice(3)) {
    console.log(
      `  ${name}: in-process/HTTP throughput = ${(floor.perSecond / r.perSecond).toFixed(2)}x vs the groq-js floor, ${(served.perSecond / r.perSecond).toFixed(2)}x vs in-process as served (target <= 2x)`,
    )
  }
}

async function mutationFigures(store: ContentStore) {
  const { server, base } = await listen({ queryCache: true }, store)
  await store.commit('production', { author: 'bench' }, (ws) =>
    ws.apply('counter', { createOrReplace: { _id: 'counter', _type: 'counter', n: 0 } }),
  )
  const result = await autocannon({
    url: `${base}/data/mutate/production?returnIds=true`,
    method: 'POST',
    workers: 1,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.editor}` },
    body: JSON.stringify({
      mutations: [{ patch: { id: 'counter', inc: { n: 1 }, set: { touched: true } } }],
    }),
  })
  server.closeAllConnections()
  server.close()
  console.log(
    `\nMutations (patch inc, one transaction each, fsync per commit): ${fmt(result.requests.average)}/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms`,
  )
}

/** Opens one SSE listener; resolves once its welcome arrived, with a promise for the first mutation event. */
async function subscribe(base: string, agent: http.Agent) {
  let welcomed!: () => void
  const welcome = new Promise<void>((resolve) => (welcomed = resolve))
  let arrived!: (time: number) => void
  const received = new Promise<number>((resolve) => (arrived = resolve))
  const req = http.get(`${base}/data/listen/production?query=${encodeURIComponent('*[_type == "event"]')}`, {
    agent,
    headers: { authorization: `Bearer ${TEST_TOKENS.viewer}` },
  })
  req.on('response', (res) => {
    let text = ''
    res.on('data', (chunk: Buffer) => {
      text += chunk.toString()
      if (text.includes('event: welcome')) welcomed()
      if (text.includes('event: mutation')) arrived(performance.now())
    })
  })
  await welcome
  return { received, close: () => req.destroy() }
}

async function fanOut(store: ContentStore, listeners: number) {
  const { server, base } = await listen({ queryCache: true }, store)
  const agent = new http.Agent({ keepAlive: true, maxSockets: listeners + 10 })
  const samples: number[] = []
  // Fresh subscriptions per round, so each round waits for exactly one event on every stream.
  for (let round = 0; round < 5; round++) {
    const streams = await Promise.all(Array.from({ length: listeners }, () => subscribe(base, agent)))
    const started = performance.now()
    await fetch(`${base}/data/mutate/production`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_TOKENS.editor}` },
      body: JSON.stringify({ mutations: [{ patch: { id: 'event-0', set: { round } } }] }),
    })
    const times = await Promise.all(streams.map((s) => s.received))
    samples.push(Math.max(...times) - started)
    for (const s of streams) s.close()
  }
  agent.destroy()
  server.closeAllConnections()
  server.close()
  samples.sort((a, b) => a - b)
  console.log(
    `\nListener fan-out: ${listeners} SSE subscribers, mutate request to all received: median ${fmt(samples[2]!)} ms (min ${fmt(samples[0]!)}, max ${fmt(samples[4]!)}, 5 rounds)`,
  )
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'content-bench-'))
const store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
try {
  await insert(store, seedDocuments())
  await queryFigures('seed-sized dataset', store)
  await insert(store, extraDocuments(10_000))
  await queryFigures('with 10,000 extra documents', store)
  await mutationFigures(store)
  await fanOut(store, 100)
} finally {
  store.close()
  rmSync(dataDir, { recursive: true, force: true })
}
