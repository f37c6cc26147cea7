import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostPolicyFrom } from '../http/public-origin'
import { securityHeaders } from '../http/security-headers'
import { createLogger } from '../logger'
import { createPageResponses, type PageResponses } from './page-responses'

/** Every request answered from the cache is still logged on its own line, with the id the client was sent. */
describe('cached pages answered before the app', () => {
  const writes: string[] = []
  let pages: PageResponses
  let server: Server
  let url: string

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        writes.push(String(chunk))
        done()
      },
    })
    pages = createPageResponses({
      clock: { now: () => new Date('2025-10-01T19:00:00Z') },
      logger: createLogger({ LOG_LEVEL: 'info', NODE_ENV: 'test' }, stream),
      siteUrl: 'https://band.example',
      hostPolicy: hostPolicyFrom({ SITE_URL: 'https://band.example' }),
      securityHandlers: securityHeaders({ isDev: false }),
      changes: { subscribe: () => () => undefined },
    })
    server = createServer((req, res) => {
      if (pages.answer(req, res)) return
      void pages.respond(req, res, async (renderUrl) => ({
        status: renderUrl.pathname === '/' ? 200 : 404,
        contentType: 'text/html; charset=utf-8',
        body: `<p>${renderUrl.pathname}</p>`,
      }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    pages.close()
    await new Promise((resolve) => server.close(resolve))
  })

  it('logs each hit with its request id, status and redacted URL, at warn from 400', async () => {
    await fetch(`${url}/`)
    await fetch(`${url}/missing`)
    const hits = await Promise.all([
      fetch(`${url}/?utm_source=x&email=ana@example.com`),
      fetch(`${url}/`, { method: 'HEAD' }),
      fetch(`${url}/missing`),
    ])
    await new Promise((resolve) => setImmediate(resolve))
    const lines = writes
      .join('')
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { level: number; pageCache?: string; req: { id: string; url: string } },
      )
      .filter((line) => line.pageCache === 'hit')
    expect(lines.map((line) => line.req.id).sort()).toEqual(
      hits.map((res) => res.headers.get('x-request-id')).sort(),
    )
    expect(lines.map((line) => line.req.url).sort()).toEqual([
      '/',
      '/?utm_source=x&email=[redacted]',
      '/missing',
    ])
    expect(lines.find((line) => line.req.url === '/missing')!.level).toBe(40)
  })
})
