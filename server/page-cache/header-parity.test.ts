import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { ContentStore } from '../content-api/engine'
import { createTestApp } from '../testing/test-app'
import { embeddedSiteContent } from './site-content'
import { seedWithoutFiles } from './testing/seed-without-files'
import { sourceRenderer } from './testing/source-renderer'

/**
 * One entrance for a page (ADR 090): a page answered from the page cache carries exactly the headers of the same
 * page rendered for the request, on every cached route, because both come through the same app stack. Only the
 * values that are per request by nature may differ, named here; their names must still be on both.
 */
const PER_REQUEST_VALUES = new Set(['date', 'x-request-id'])

/** Every kind of cached page, from the seed content (content/seed): a slug of each kind that it holds, and 404s. */
const CACHED_ROUTES = [
  '/',
  '/?media=la-bamba',
  '/news',
  '/news?page=2',
  '/news/anniversary-tour',
  '/shows/past',
  '/shows/2025-11-08-irvine-bowl-laguna-beach',
  '/newsletter/confirmed',
  '/newsletter/unsubscribed',
  '/no-such-page',
  // The shared 404s of the routes whose parameter names nothing (ADR 090).
  '/news/no-such-post',
  '/shows/past?page=99',
]

/** The feeds kept like pages (server/seo/seo-router.ts): small ones are sent uncompressed. */
const CACHED_FEEDS = [
  '/robots.txt',
  '/sitemap.xml',
  '/news/rss.xml',
  '/shows/2025-11-08-irvine-bowl-laguna-beach.ics',
  '/shows/no-such-show.ics',
]

// Renders take tens of milliseconds, more on a loaded machine: generous timeouts, no timing assertions.
describe('header parity of a stored page and a rendered one', { timeout: 120_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let server: Server
  let url: string
  let app: ReturnType<typeof createTestApp>
  const renderer = sourceRenderer()

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'header-parity-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    await store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of seedWithoutFiles()) ws.apply(String(doc._id), { createOrReplace: doc as never })
    })
    app = createTestApp({
      env: { SITE_URL: 'http://site.test', TEST_NOW: '2025-10-01T12:00:00Z' },
      renderer,
      siteContent: embeddedSiteContent(store, contentConfigFor({ dataset: 'production' })),
    })
    server = app.listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const headersOf = (res: Response) =>
    [...res.headers].map(([name, value]) => [name, PER_REQUEST_VALUES.has(name) ? '(per request)' : value])

  it.each(CACHED_ROUTES)('%s: the same headers on a miss and on a hit', async (route) => {
    // As browsers ask (and Caddy asks upstream): the gzip form, so the encoding headers are compared too.
    const get = () => fetch(`${url}${route}`, { headers: { 'accept-encoding': 'gzip' }, redirect: 'manual' })
    const rendersBefore = renderer.renders.length
    const miss = await get()
    await miss.arrayBuffer()
    expect(renderer.renders.length, 'the first request renders').toBe(rendersBefore + 1)
    const hit = await get()
    await hit.arrayBuffer()
    expect(renderer.renders.length, 'the second is answered from the page cache').toBe(rendersBefore + 1)

    expect(hit.status).toBe(miss.status)
    expect(headersOf(hit)).toEqual(headersOf(miss))
    expect(hit.headers.get('x-request-id')).not.toBe(miss.headers.get('x-request-id'))
    // The app's own headers are on both (checked on the hit; the miss is equal).
    expect(hit.headers.get('permissions-policy')).toContain('camera=()')
    expect(hit.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/)
    expect(hit.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it.each(CACHED_FEEDS)('%s: the same headers on a miss and on a hit', async (route) => {
    const get = () => fetch(`${url}${route}`, { headers: { 'accept-encoding': 'gzip' } })
    const storedBefore = app.pages.cache.stats().entries
    const miss = await get()
    await miss.arrayBuffer()
    // A feed is outside the route table: never its catch-all's shared 404.
    expect(miss.status).toBe(route.includes('no-such') ? 404 : 200)
    expect(app.pages.cache.stats().entries, 'the first request stores it').toBe(storedBefore + 1)
    const hit = await get()
    await hit.arrayBuffer()
    expect(app.pages.cache.stats().entries, 'the second is answered from the cache').toBe(storedBefore + 1)

    expect(hit.status).toBe(miss.status)
    expect(headersOf(hit)).toEqual(headersOf(miss))
    expect(hit.headers.get('vary')).toBe('Accept-Encoding')
  })
})
