import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createClient, type SanityClient } from '@sanity/client'
import { JSDOM } from 'jsdom'
import { createHash } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { ContentStore } from '../content-api/engine'
import { createContentApi } from '../content-api/http/router'
import { testAuthenticate, TEST_TOKENS } from '../content-api/testing/test-server'
import { createTestApp } from '../testing/test-app'
import { notFoundKey } from './cache-key'
import { embeddedSiteContent } from './site-content'
import { sourceRenderer } from './testing/source-renderer'

/**
 * The page cache in the embedded default: the real content store and content API (published through the
 * official client as the Studio does), the real page renderer, over HTTP on port 0 with the server's own request
 * listener, the app (stored pages answered through the same stack as new renders).
 */
// Renders take tens of milliseconds, more on a loaded machine: generous timeouts, no timing assertions.
describe('pages rendered once per content revision (embedded content store)', { timeout: 60_000 }, () => {
  let dataDir: string
  let store: ContentStore
  let server: Server
  let url: string
  let client: SanityClient
  let app: ReturnType<typeof createTestApp>
  const renderer = sourceRenderer()

  const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
    fetch(`${url}${pathAndQuery}`, { headers: { 'accept-encoding': 'identity', ...headers } })

  /** With the headers fetch may not set (Host). */
  const rawGet = (pathAndQuery: string, headers: Record<string, string>) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
      httpGet(`${url}${pathAndQuery}`, { headers }, (res) => {
        res.resume().on('end', () => resolve({ status: res.statusCode!, headers: res.headers }))
      }).on('error', reject)
    })

  /** The bytes as sent (fetch would ask for and decode a compressed form). */
  const rawBody = (pathAndQuery: string, headers: Record<string, string>) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${url}${pathAndQuery}`, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      }).on('error', reject)
    })

  const publish = async (id: string, set: Record<string, unknown>) => {
    await client.createIfNotExists({
      _id: `drafts.${id}`,
      _type: id === 'siteSettings' ? 'siteSettings' : 'newsPost',
    })
    await client.patch(`drafts.${id}`).set(set).commit()
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: `drafts.${id}`,
      publishedId: id,
    })
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'page-cache-'))
    store = new ContentStore({ file: path.join(dataDir, 'content.sqlite') })
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply('siteSettings', {
        createOrReplace: {
          _id: 'siteSettings',
          _type: 'siteSettings',
          bandName: 'Los Forasteros',
          tagline: { _type: 'localeString', en: 'First tagline' },
        },
      })
    })
    app = createTestApp({
      env: { SITE_URL: 'http://site.test' },
      routers: { '/content': createContentApi({ store, authenticate: testAuthenticate }) },
      renderer,
      siteContent: embeddedSiteContent(store, contentConfigFor({ dataset: 'production' })),
      pageCacheLimits: { maxBytes: 6 * 1024 * 1024 },
    })
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    client = createClient({
      apiHost: `${url}/content`,
      useProjectHostname: false,
      projectId: 'local',
      dataset: 'production',
      apiVersion: '2025-02-19',
      token: TEST_TOKENS.editor,
      useCdn: false,
    })
  })
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve))
    store?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  // Renders a test left running finish first, so the next test sees only its own.
  const settle = async () => {
    for (let i = 0; i < 3000 && app.pages.cache.stats().rendering > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    renderer.renders.length = 0
  }
  beforeEach(settle)

  it('renders a page once and answers again with the same bytes, ETag and cache headers', async () => {
    const first = await get('/')
    const html = await first.text()
    expect(first.status).toBe(200)
    expect(html).toContain('First tagline')
    const second = await get('/')
    expect(await second.text()).toBe(html)
    expect(renderer.renders).toEqual(['/'])
    expect(second.headers.get('etag')).toMatch(/^"[\w-]+"$/)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(second.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
    )
    expect(second.headers.get('x-content-type-options')).toBe('nosniff')
    expect(second.headers.get('x-request-id')).toBeTruthy()
  })

  it('answers a stored page with the headers of a rendered one, and leaves a Host it does not serve to the app', async () => {
    await publish('siteSettings', { tagline: { _type: 'localeString', en: 'Headers tagline' } })
    await settle()
    const rendered = await get('/news')
    const stored = await get('/news')
    expect(renderer.renders).toEqual(['/news'])
    const perRequest = new Set(['x-request-id', 'date'])
    const headersOf = (res: Response) => [...res.headers].filter(([name]) => !perRequest.has(name))
    expect(headersOf(stored)).toEqual(headersOf(rendered))
    expect(stored.headers.get('permissions-policy')).toContain('camera=()')
    expect(stored.headers.get('strict-transport-security')).toBeNull()
    expect(stored.headers.get('x-request-id')).not.toBe(rendered.headers.get('x-request-id'))
    // Behind a local HTTPS proxy, for the site's own host: HSTS, as on every response the app sends.
    const proxied = await rawGet('/news', { host: 'site.test', 'x-forwarded-proto': 'https' })
    expect(proxied.status).toBe(200)
    expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000')
    const elsewhere = await rawGet('/news', { host: 'evil.example' })
    expect(elsewhere.status).toBe(400)
    expect(renderer.renders).toEqual(['/news'])
  })

  it('answers 304 to a matching If-None-Match, and 200 once the page changed', async () => {
    const { headers } = await get('/')
    const etag = headers.get('etag')!
    const notModified = await get('/', { 'if-none-match': `W/${etag}, "other"` })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe('')
    expect(notModified.headers.get('etag')).toBe(etag)
    await publish('siteSettings', { tagline: { _type: 'localeString', en: 'Tagline after 304' } })
    const changed = await get('/', { 'if-none-match': etag })
    expect(changed.status).toBe(200)
    expect(await changed.text()).toContain('Tagline after 304')
  })

  it('shows a publish on the very next request, pages and feeds alike', async () => {
    await get('/')
    await get('/news/rss.xml')
    await publish('siteSettings', { tagline: { _type: 'localeString', en: 'Published just now' } })
    expect(await (await get('/')).text()).toContain('Published just now')
    await publish('post-1', {
      title: 'A brand new post',
      slug: { _type: 'slug', current: 'brand-new' },
      publishedAt: '2025-01-01T00:00:00Z',
    })
    expect(await (await get('/news/rss.xml')).text()).toContain('http://site.test/news/brand-new')
    expect(await (await get('/news')).text()).toContain('A brand new post')
    expect((await get('/news/brand-new')).status).toBe(200)
  })

  it('keeps the page when only a draft changes: drafts never reach a cached page', async () => {
    const before = await get('/')
    const etag = before.headers.get('etag')
    renderer.renders.length = 0
    await client.createOrReplace({
      _id: 'drafts.siteSettings',
      _type: 'siteSettings',
      tagline: { _type: 'localeString', en: 'SECRET DRAFT' },
    })
    const after = await get('/')
    expect(after.headers.get('etag')).toBe(etag)
    expect(await after.text()).not.toContain('SECRET DRAFT')
    expect(renderer.renders).toEqual([])
  })

  it('keeps the pages a publish cannot change: only pages whose reads share a sync tag with it go', async () => {
    const home = await get('/')
    const news = await get('/news')
    await settle()
    // A published document of a type no page reads.
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply('note-1', { createOrReplace: { _id: 'note-1', _type: 'bandNote', text: 'rehearsal at 8' } })
    })
    expect((await get('/')).headers.get('etag')).toBe(home.headers.get('etag'))
    expect((await get('/news')).headers.get('etag')).toBe(news.headers.get('etag'))
    expect(renderer.renders).toEqual([])
    // A news post: the news list reads it and goes; the 404 of a show that does not exist reads no posts.
    await get('/shows/no-such-show')
    await settle()
    await publish('post-tags', {
      title: 'Tagged post',
      slug: { _type: 'slug', current: 'tagged-post' },
      publishedAt: '2025-01-02T00:00:00Z',
    })
    await settle()
    expect(await (await get('/news')).text()).toContain('Tagged post')
    expect(app.pages.cache.get(notFoundKey('http://site.test', '/shows/~'))).toBeDefined()
  })

  it('drops unknown query parameters: one entry, one render, the same bytes', async () => {
    const plain = await get('/news')
    renderer.renders.length = 0
    const tracked = await get('/news?utm_source=newsletter&utm_medium=email&fbclid=abc123')
    expect(tracked.headers.get('etag')).toBe(plain.headers.get('etag'))
    expect(renderer.renders).toEqual([])
    // A parameter the page declares is part of the key, and is what the page renders from.
    await get('/newsletter/confirmed?status=invalid&utm_source=x')
    expect(renderer.renders).toEqual(['/newsletter/confirmed?status=invalid'])
  })

  it("keys a known media slug apart: a shared /?media= link renders that item's metadata", async () => {
    // Before the item exists, its slug names nothing: the plain home page's entry, no render, no entry of its own.
    const home = await get('/')
    await settle()
    const unknown = await get('/?media=fandango-video')
    expect(unknown.status).toBe(200)
    expect(unknown.headers.get('etag')).toBe(home.headers.get('etag'))
    expect(renderer.renders).toEqual([])
    expect(app.pages.cache.keys().filter((key) => key.includes('media='))).toEqual([])
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply('media-1', {
        createOrReplace: {
          _id: 'media-1',
          _type: 'mediaItem',
          slug: { _type: 'slug', current: 'fandango-video' },
          kind: 'youtube',
          youtubeId: 'abcdefghijk',
          caption: { _type: 'localeString', en: 'Live at the fandango' },
        },
      })
      ws.apply('gallery', {
        createOrReplace: {
          _id: 'gallery',
          _type: 'gallery',
          items: [{ _key: 'a', _type: 'reference', _ref: 'media-1' }],
        },
      })
    })
    const item = await (await get('/?media=fandango-video&utm_campaign=tour')).text()
    expect(item).toMatch(/<meta property="og:title" content="Live at the fandango/)
    expect(await (await get('/')).text()).not.toMatch(
      /<meta property="og:title" content="Live at the fandango/,
    )
    // Rendered from the declared parameter only (pages warmed after the commit render too).
    expect(renderer.renders).toContain('/?media=fandango-video')
    expect(renderer.renders.filter((url) => url.includes('utm'))).toEqual([])
    expect(app.pages.cache.keys()).toContain('http://site.test/?media=fandango-video')
    await settle()
    await get('/?media=no-such-item&media=another')
    expect(renderer.renders).toEqual([])
  })

  it('holds its byte budget', async () => {
    const pages = ['/', '/news', '/shows/past', '/newsletter/unsubscribed', '/newsletter/confirmed']
    for (const page of [...pages, '/news?page=1', '/newsletter/confirmed?status=expired']) {
      expect((await get(page)).status).toBe(200)
    }
    expect(app.pages.cache.keys()).toContain('http://site.test/newsletter/confirmed?status=expired')
    expect(app.pages.cache.stats().bytes).toBeLessThanOrEqual(app.pages.cache.limits.maxBytes)
  })

  it('answers unknown addresses with one shared 404 per route: no render each, no page evicted', async () => {
    const home = await get('/')
    await settle()
    const random = () => Math.random().toString(36).slice(2)
    const kinds = [
      () => `/${random()}`,
      () => `/news?page=${random()}`,
      () => `/news?page=${1000 + Math.floor(Math.random() * 1e6)}`,
      () => `/news/${random()}`,
      () => `/shows/${random()}`,
      () => `/shows/past?page=${random()}`,
      () => `/newsletter/confirmed?status=${random()}`,
    ]
    // Twenty of each, many more than the cap of 6 pages.
    for (let i = 0; i < 20; i++) {
      for (const kind of kinds) {
        const path = kind()
        const res = await get(path)
        expect(res.status, path).toBe(path.startsWith('/newsletter') ? 200 : 404)
        await res.arrayBuffer()
      }
    }
    // At most one render for each route's 404 (earlier tests may have stored some), rendered from an address
    // that names nothing; the newsletter page's unknown status is the page without one.
    const shared = [
      '/404',
      '/news/~',
      '/news?page=~',
      '/newsletter/confirmed',
      '/shows/past?page=~',
      '/shows/~',
    ]
    expect(renderer.renders.filter((path) => !shared.includes(path))).toEqual([])
    expect(new Set(renderer.renders).size).toBe(renderer.renders.length)
    renderer.renders.length = 0
    const again = await get('/')
    expect(again.headers.get('etag')).toBe(home.headers.get('etag'))
    expect(renderer.renders).toEqual([])
    expect(app.pages.cache.stats().notFound).toBe(5)

    // The 404 page as before: its status, title, noindex and cache headers, and nothing from the address.
    const notFound = await get('/some/unknown/<address>')
    const html = await notFound.text()
    expect(notFound.status).toBe(404)
    expect(notFound.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=30, stale-while-revalidate=300',
    )
    expect(html).toContain('<title>404 Page Not Found</title>')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).toContain('There is no page at this address.')
    expect(html).not.toMatch(/unknown|address&gt;|rel="canonical"/)
    const post = await (await get(`/news/${random()}`)).text()
    expect(post).toContain('There is no news post at this address.')
    expect(renderer.renders).toEqual([])
    // Paths the route table does not know may be another handler's, after the stored pages: still theirs.
    expect((await get('/healthz')).status).toBe(200)
  })

  it('keys each area of /shows apart, and an area that names none shares the route’s one 404', async () => {
    await store.commit('production', { author: 'test' }, (ws) => {
      ws.apply('area-bay-area', {
        createOrReplace: {
          _id: 'area-bay-area',
          _type: 'area',
          name: { _type: 'localeString', en: 'Bay Area', es: 'Área de la Bahía' },
          slug: { _type: 'slug', current: 'bay-area' },
        },
      })
    })
    await settle()
    const first = await get('/shows?area=bay-area&utm_source=x')
    expect(first.status).toBe(200)
    expect(await first.text()).toContain('Upcoming shows in Bay Area')
    const again = await get('/shows?area=bay-area')
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(renderer.renders).toEqual(['/shows?area=bay-area'])
    renderer.renders.length = 0
    for (let i = 0; i < 5; i++) {
      const unknown = await get(`/shows?area=nowhere-${i}`)
      expect(unknown.status).toBe(404)
      await unknown.arrayBuffer()
    }
    expect(renderer.renders.length).toBeLessThanOrEqual(1)
    expect(renderer.renders.filter((path) => !path.includes('~'))).toEqual([])
  })

  it('renders a page once for every *.localhost name without SITE_URL, and never for a host it does not serve', async () => {
    const noSiteUrl = createTestApp({
      renderer,
      siteContent: embeddedSiteContent(store, contentConfigFor({ dataset: 'production' })),
    })
    for (let i = 0; i < 10; i++) {
      const res = await request(noSiteUrl).get('/news').set('Host', `visitor-${i}.localhost:3000`)
      expect(res.status).toBe(200)
      expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/news"/>')
    }
    expect((await request(noSiteUrl).get('/news').set('Host', 'evil.example')).status).toBe(400)
    expect(renderer.renders).toEqual(['/news'])
    noSiteUrl.pages.close()
  })

  it('does not keep a failed render', async () => {
    app.pages.cache.invalidate()
    renderer.failNext = 1
    const failed = await get('/newsletter/confirmed?status=invalid')
    expect(failed.status).toBe(500)
    const ok = await get('/newsletter/confirmed?status=invalid')
    expect(ok.status).toBe(200)
    expect(renderer.renders).toEqual([
      '/newsletter/confirmed?status=invalid',
      '/newsletter/confirmed?status=invalid',
    ])
  })

  it('renders per-visitor pages every time and lets nobody store them', async () => {
    const a = await get('/newsletter/unsubscribe?token=one')
    const b = await get('/newsletter/unsubscribe?token=two')
    expect(await b.text()).toContain('token=two')
    expect(a.headers.get('cache-control')).toBe('private, no-store')
    expect(renderer.renders).toHaveLength(2)
  })

  it('keeps a path that starts with // on this site, and answers 400 to a Host header that makes no URL', async () => {
    const html = await (await get('//elsewhere.example/news')).text()
    expect(html).not.toContain('elsewhere.example')
    const noSiteUrl = createTestApp({
      renderer,
      siteContent: embeddedSiteContent(store, contentConfigFor({ dataset: 'production' })),
    })
    const res = await request(noSiteUrl).get('/').set('Host', 'a b')
    expect(res.status).toBe(400)
    noSiteUrl.pages.close()
  })

  it('sends brotli and gzip forms made once per render', async () => {
    const identity = await (await get('/')).text()
    const br = await fetch(`${url}/`, { headers: { 'accept-encoding': 'br' } })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/i)
    // fetch decodes the body; the raw forms are checked on the cache's rendition.
    expect(await br.text()).toBe(identity)
    const rendition = app.pages.cache.get('http://site.test/')!
    expect(brotliDecompressSync(rendition.br!).toString()).toBe(identity)
    expect(gunzipSync(rendition.gzip!).toString()).toBe(identity)
  })

  it('answers a client that takes no compressed form with the page as is, made from the stored forms', async () => {
    const br = await fetch(`${url}/news`, { headers: { 'accept-encoding': 'br' } })
    const page = await br.text()
    const stored = app.pages.cache.get('http://site.test/news')!
    expect(stored.identity, 'a page is kept compressed only').toBeUndefined()
    for (const refused of ['identity', 'br;q=0, gzip;q=0', '']) {
      const rendersBefore = renderer.renders.length
      const res = await rawBody('/news', refused ? { 'accept-encoding': refused } : {})
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.headers['content-length']).toBe(String(res.body.length))
      expect(res.body.toString()).toBe(page)
      expect(renderer.renders.length, 'from the cache, not rendered again').toBe(rendersBefore)
    }
  })

  it('allows every inline script by its hash in the CSP, with no nonce', async () => {
    await publish('siteSettings', {
      tagline: { _type: 'localeString', en: 'Tagline </script><script>alert(1)</script>' },
    })
    for (const page of ['/', '/news', '/news/brand-new', '/no-such-page']) {
      const res = await get(page)
      const csp = res.headers.get('content-security-policy') ?? ''
      const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? ''
      expect(csp).not.toMatch(/nonce/)
      const scripts = [...new JSDOM(await res.text()).window.document.querySelectorAll('script:not([src])')]
      expect(scripts.length).toBeGreaterThanOrEqual(1)
      for (const script of scripts) {
        const hash = createHash('sha256')
          .update(script.textContent ?? '')
          .digest('base64')
        expect(scriptSrc).toContain(`'sha256-${hash}'`)
      }
    }
  })
})
