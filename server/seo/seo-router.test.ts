import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../content-api/testing/test-server'

/**
 * The feeds against a real content API (createApp + SQLite) written through the official @sanity/client,
 * read back over loopback as the server does in production.
 */
describe('robots.txt, sitemap.xml and /news/rss.xml', () => {
  let server: TestContentServer

  const post = (n: number, extra: Record<string, unknown> = {}) => ({
    _id: `post-${n}`,
    _type: 'newsPost',
    title: `Post ${n} & more`,
    slug: { _type: 'slug', current: `post-${n}` },
    publishedAt: `2025-0${n}-01T12:00:00.000Z`,
    excerpt: `Excerpt ${n}`,
    ...extra,
  })

  beforeAll(async () => {
    server = await startTestContentServer()
    const client = server.client('editor')
    await client
      .transaction()
      .create(post(1))
      .create(post(2))
      .create(post(3))
      // A draft, a post without a slug and a post dated in the future never appear.
      .create({ ...post(4), _id: 'drafts.post-4' })
      .create({ ...post(5), slug: undefined })
      .create({ ...post(6), publishedAt: '2999-01-01T00:00:00.000Z' })
      .commit()
  })
  afterAll(() => server?.close())

  it('serves RSS 2.0, newest first, with absolute links on the request origin', async () => {
    const res = await fetch(`${server.url}/news/rss.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const xml = await res.text()
    const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1])
    expect(links).toEqual([3, 2, 1].map((n) => `${server.url}/news/post-${n}`))
    expect(xml).toContain('<title>Post 3 &amp; more</title>')
    expect(xml).toMatch(
      /<lastBuildDate>[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} [\d:]{8} GMT<\/lastBuildDate>/,
    )
    expect(xml).not.toMatch(/post-4|post-6|Post 5/)
  })

  it('lists home, /news and every listed post with lastmod in the sitemap', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/)
    const xml = await res.text()
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    // Each page in English and in Spanish (ADR 194); a post only in the language it is written in (ADR 193).
    expect(locs).toEqual([
      `${server.url}/`,
      `${server.url}/es`,
      `${server.url}/news`,
      `${server.url}/es/news`,
      ...[3, 2, 1].map((n) => `${server.url}/news/post-${n}`),
    ])
    expect(xml.match(/<lastmod>/g)).toHaveLength(5)
  })

  it('points robots.txt at the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`)
  })

  it('shows a post published later on the next request', async () => {
    await server.client('editor').create(post(7, { publishedAt: '2025-09-01T00:00:00.000Z' }))
    const rss = await (await fetch(`${server.url}/news/rss.xml`)).text()
    expect(rss.indexOf('/news/post-7')).toBeGreaterThan(0)
    expect(rss.indexOf('/news/post-7')).toBeLessThan(rss.indexOf('/news/post-3'))
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain('/news/post-7</loc>')
  })
})
