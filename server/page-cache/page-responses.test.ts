import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../logger'
import type { ContentChanges } from './content-changes'
import { createPageResponses, type PageResponsesOptions } from './page-responses'

/**
 * The page cache's own behaviour over HTTP with a page producer of its own: what a content change renders (and
 * when), how long a page is kept, how many. Each page reads one sync tag, its path.
 */
describe('page responses', { timeout: 30_000 }, () => {
  let server: Server | undefined
  afterEach(() => vi.useRealTimers())
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

  async function site(options: Partial<PageResponsesOptions> = {}, renderMs = 0) {
    let notify: (syncTags?: readonly string[]) => void = () => undefined
    const changes: ContentChanges = { subscribe: (onChange) => ((notify = onChange), () => undefined) }
    const events: string[] = []
    let version = 1
    const pages = createPageResponses({
      clock: { now: () => new Date() },
      logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      siteUrl: 'http://site.test',
      changes,
      ...options,
    })
    const app = express()
    app.use(pages.stored)
    app.get('/{*path}', (req, res) =>
      pages.respond(
        req,
        res,
        async (url) => {
          events.push(`render ${url.pathname}`)
          // A render holds the event loop while it runs, as React's does.
          const until = performance.now() + renderMs
          while (performance.now() < until);
          return {
            status: 200,
            contentType: 'text/html; charset=utf-8',
            body: `<p>${url.pathname} v${version}</p>`,
            syncTags: [url.pathname],
          }
        },
        { asPage: false },
      ),
    )
    server = createServer(app)
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const get = async (path: string) => {
      const body = await (await fetch(url + path)).text()
      events.push(`answered ${path}`)
      return body
    }
    const publish = (...paths: string[]) => {
      version++
      notify(paths)
    }
    return { get, publish, events, pages }
  }

  it('renders nothing on a publish: a cached page asked for meanwhile is answered before any render', async () => {
    const { get, publish, events } = await site({}, 20)
    for (const path of ['/', '/news', '/shows', '/shows/past', '/news/a-post']) await get(path)
    for (const path of ['/', '/news', '/shows', '/shows/past']) await get(path)
    events.length = 0
    publish('/', '/news', '/shows', '/shows/past')
    expect(await get('/news/a-post')).toBe('<p>/news/a-post v1</p>')
    expect(events).toEqual(['answered /news/a-post'])
    // A changed page is rendered when asked for, and shows the publish.
    expect(await get('/')).toBe('<p>/ v2</p>')
    expect(events).toEqual(['answered /news/a-post', 'render /', 'answered /'])
  })

  it('keeps every page of a large site by default: more than 500, bounded by bytes', async () => {
    const { get, events, pages } = await site()
    for (let i = 0; i < 600; i++) await get(`/news/${i}`)
    events.length = 0
    for (let i = 0; i < 600; i++) await get(`/news/${i}`)
    expect(events.filter((event) => event.startsWith('render'))).toEqual([])
    expect(pages.cache.limits.maxBytes).toBeGreaterThanOrEqual(200 * 1024 * 1024)
  })

  it('keeps a page while nothing changes, until a show ends its day or a scheduled post goes public', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2025-10-01T10:00:00Z'))
    // A show in Los Angeles on Oct 1 is past from midnight there; a post is dated Oct 2, 12:00 UTC.
    const dayEnds = [Date.parse('2025-10-02T07:00:00Z')]
    const postAt = Date.parse('2025-10-02T12:00:00Z')
    const { get, events } = await site({
      nextScheduled: async () => (postAt > Date.now() ? postAt : Number.POSITIVE_INFINITY),
      nextDateChange: async (now) => dayEnds.find((at) => at > now.getTime()) ?? Number.POSITIVE_INFINITY,
    })
    const renders = () => events.filter((event) => event.startsWith('render')).length
    await get('/news/a-post')
    vi.setSystemTime(new Date('2025-10-01T18:00:00Z'))
    await get('/news/a-post')
    vi.setSystemTime(new Date('2025-10-02T06:59:59Z'))
    await get('/news/a-post')
    expect(renders()).toBe(1)
    vi.setSystemTime(new Date('2025-10-02T07:00:00Z'))
    await get('/news/a-post')
    await get('/news/a-post')
    expect(renders()).toBe(2)
    vi.setSystemTime(new Date('2025-10-02T12:00:00Z'))
    await get('/news/a-post')
    await get('/news/a-post')
    expect(renders()).toBe(3)
  })
})
