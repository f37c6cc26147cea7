import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { createTestApp } from '../testing/test-app'
import { sanitySiteContent } from './site-content'
import { sourceRenderer } from './testing/source-renderer'

/**
 * A Sanity project, mocked at the network edge: a local HTTP server answers the query API (with sync tags) and
 * speaks the Live Content API's server-sent events to the official client, which the page cache follows.
 */
describe(
  'pages rendered once per content revision (Sanity project, live events mocked at the network edge)',
  { timeout: 60_000 },
  () => {
    let sanity: Server
    let site: Server
    let siteUrl: string
    let app: ReturnType<typeof createTestApp>
    let tagline = 'Tagline A'
    const streams = new Set<ServerResponse>()
    const queries: string[] = []
    let position = 0

    const send = (event: string, data: Record<string, unknown>) => {
      position++
      for (const stream of streams)
        stream.write(`id: ${position}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    }
    /** What Sanity sends after a publish: the sync tags of the content that changed. */
    const message = (tags: string[]) => send('message', { tags })
    const generation = () => app.pages.cache.stats().generation
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 25))
      expect(check()).toBe(true)
    }
    const home = async () => (await fetch(`${siteUrl}/`)).text()

    beforeAll(async () => {
      sanity = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://sanity.test')
        if (url.pathname === '/v2025-02-19/data/live/events/production') {
          res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
          streams.add(res)
          res.on('close', () => streams.delete(res))
          res.write(`id: ${position}\nevent: welcome\ndata: {}\n\n`)
          return
        }
        if (url.pathname === '/v2025-02-19/data/query/production') {
          const query = url.searchParams.get('query') ?? ''
          queries.push(query)
          const settings = query.includes('siteSettings')
          const result = settings
            ? { bandName: 'Los Forasteros', tagline }
            : query.includes('"posts"')
              ? { total: 0, posts: [] }
              : query.includes('gallery') || query.includes('[0]')
                ? null
                : []
          const syncTags = settings ? ['s1:settings'] : ['s1:other']
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ result, syncTags }))
          return
        }
        res.writeHead(404).end()
      })
      await new Promise<void>((resolve) => sanity.listen(0, '127.0.0.1', resolve))
      const apiHost = `http://127.0.0.1:${(sanity.address() as AddressInfo).port}`
      const env = { SITE_URL: 'http://site.test', SANITY_PROJECT_ID: 'mockproject' }
      app = createTestApp({
        env,
        renderer: sourceRenderer(),
        siteContent: sanitySiteContent(
          contentConfigFor({ sanityProjectId: 'mockproject', dataset: 'production' }),
          {
            logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
            apiHost,
          },
        ),
      })
      site = await new Promise<Server>((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s))
      })
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
      // The welcome event counts as a change (events before it may have been missed).
      await until(() => generation() >= 1)
    })
    afterAll(async () => {
      app?.pages.close()
      for (const stream of streams) stream.end()
      await new Promise((resolve) => site?.close(resolve))
      await new Promise((resolve) => sanity?.close(resolve))
    })

    it('keeps the page until the live events fire one of its tags, then shows the change on the next request', async () => {
      expect(await home()).toContain('Tagline A')
      const reads = queries.length
      tagline = 'Tagline B'
      // Unchanged as far as the site knows: answered from memory, no read.
      expect(await home()).toContain('Tagline A')
      expect(queries.length).toBe(reads)

      // Content no query of the page read: the page stays.
      const before = generation()
      message(['s1:unrelated'])
      await until(() => generation() > before)
      expect(await home()).toContain('Tagline A')
      expect(queries.length).toBe(reads)

      message(['s1:unrelated', 's1:settings'])
      await until(() => generation() > before + 1)
      expect(generation()).toBe(before + 2)
      expect(await home()).toContain('Tagline B')
    })

    it('renders everything again after a restart (the stream cannot say what was missed)', async () => {
      await home()
      const reads = queries.length
      send('restart', {})
      const before = generation()
      await until(() => generation() > before)
      await home()
      expect(queries.length).toBeGreaterThan(reads)
    })

    it('reads the live API, not the API CDN, for renders', async () => {
      // The mock is the only API the server knows; the browser config still names the CDN.
      const html = await home()
      expect(html).toContain('https://mockproject.apicdn.sanity.io')
      expect(queries.length).toBeGreaterThan(0)
    })
  },
)
