import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import net from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContentApi } from '../content-api/http/router'
import { ContentStore } from '../content-api/engine'
import { createTestApp } from '../testing/test-app'
import { allowSlowBody, applyServerTimeouts, SERVER_TIMEOUT_OPTIONS } from './request-timeouts'

let server: Server
let port: number
let store: ContentStore

beforeAll(async () => {
  store = new ContentStore({ file: ':memory:' })
  const uploads = express.Router()
  uploads.post(
    '/slow-upload',
    allowSlowBody({ minBytesPerSecond: 10, maxBytes: 1000 }),
    express.raw({ type: () => true }),
    (req, res) => res.json({ bytes: (req.body as Buffer).length }),
  )
  const app = createTestApp({
    env: { HTTP_BODY_TIMEOUT_S: '1' },
    routers: { '/content': createContentApi({ store, keepAliveMs: 300 }), '/test': uploads },
  })
  server = createServer(SERVER_TIMEOUT_OPTIONS, app)
  applyServerTimeouts(server, { headersTimeoutMs: 1000 })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  store.close()
})

/** Writes `head` on a raw socket, then waits until the server closes it; resolves with what it sent and when. */
function rawRequest(head: string, { trickle }: { trickle?: { bytes: number; everyMs: number } } = {}) {
  return new Promise<{ response: string; ms: number }>((resolve, reject) => {
    const started = performance.now()
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head))
    let response = ''
    let timer: NodeJS.Timeout | undefined
    if (trickle) {
      let sent = 0
      timer = setInterval(() => {
        if (sent++ < trickle.bytes) socket.write('x')
      }, trickle.everyMs)
    }
    socket.on('data', (chunk) => (response += chunk.toString()))
    socket.on('close', () => {
      clearInterval(timer)
      resolve({ response, ms: performance.now() - started })
    })
    socket.on('error', reject)
    socket.setTimeout(15_000, () => socket.destroy(new Error('the server held the connection for 15 s')))
  })
}

describe('request timeouts', () => {
  it('answers a request whose declared body never arrives with 408 in seconds and closes the connection', async () => {
    const { response, ms } = await rawRequest(
      'POST /content/v2025-02-19/data/query/production HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":',
    )
    expect(response).toMatch(/^HTTP\/1.1 408/)
    expect(response).toContain('"type":"requestTimeout"')
    expect(response).toContain('did not arrive within 1 s')
    expect(ms).toBeGreaterThan(900)
    expect(ms).toBeLessThan(5000)
  })

  it("keeps an idle keep-alive connection past Node's 5 s default, so a proxy's pooled connection stays usable", async () => {
    const socket = net.connect(port, '127.0.0.1')
    const responses: string[] = []
    socket.on('data', (chunk) => responses.push(chunk.toString()))
    const ask = () =>
      socket.write(
        'GET /content/v2025-02-19/data/query/production?query=1 HTTP/1.1\r\nHost: localhost\r\n\r\n',
      )
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    ask()
    await expect.poll(() => responses.join(''), { timeout: 10_000 }).toMatch(/^HTTP\/1.1 200/)
    await new Promise((resolve) => setTimeout(resolve, 6000))
    expect(socket.destroyed || socket.readyState !== 'open').toBe(false)
    ask()
    await expect.poll(() => responses.join('').match(/HTTP\/1.1 200/g)?.length, { timeout: 10_000 }).toBe(2)
    socket.destroy()
  }, 30_000)

  it('closes a connection whose headers never finish', async () => {
    const { ms } = await rawRequest('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    // headersTimeout (1 s) checked every second.
    expect(ms).toBeLessThan(5000)
  })

  it('lets an upload route extend the body deadline with the declared size', async () => {
    const { response } = await rawRequest(
      'POST /test/slow-upload HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nContent-Length: 15\r\n\r\n',
      { trickle: { bytes: 15, everyMs: 100 } },
    )
    // 1.5 s of trickling: over the base second, inside 1 s + 15 bytes at 10 B/s.
    expect(response).toMatch(/^HTTP\/1.1 200/)
    expect(response).toContain('{"bytes":15}')
  })

  it('keeps listener streams open past both timeouts', async () => {
    const controller = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}/content/v2025-02-19/data/listen/production?query=*`, {
      signal: controller.signal,
    })
    const reader = res.body!.getReader()
    const started = performance.now()
    let text = ''
    while (performance.now() - started < 2500) text += new TextDecoder().decode((await reader.read()).value)
    controller.abort()
    expect(text).toContain('event: welcome')
    expect(text.match(/: keep-alive/g)?.length ?? 0).toBeGreaterThan(3)
  })
})

// Answers sent before the body was read: the connection must not wait for a body that is not coming, and a client
// that does send it keeps its connection. A declared body over the limit is refused before any byte is read.
describe('connections after an early answer', () => {
  const query = '/content/v2025-02-19/data/query/production'

  it.each([
    [
      'a refused Host (400)',
      `POST ${query} HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`,
      400,
    ],
    [
      'a declared body over the limit (413; body-parser waited for the body, then 408)',
      `POST ${query} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n`,
      413,
    ],
    [
      'a charset the endpoint does not take (415)',
      `POST ${query} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json; charset=koi8-r\r\nContent-Length: 100\r\n\r\n`,
      415,
    ],
  ])(
    'closes the connection of %s when the body never comes',
    async (_name, head, status) => {
      const { response, ms } = await rawRequest(head)
      expect(response.slice(0, 400)).toMatch(new RegExp(`^HTTP/1.1 ${status}`))
      // The drain window (2 s), checked with room for a busy machine; before, the socket stayed open indefinitely.
      expect(ms).toBeLessThan(6000)
    },
    15_000,
  )

  it('keeps the connection of a client that sends its body after the answer', async () => {
    const socket = net.connect(port, '127.0.0.1')
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString()))
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST ${query} HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n`,
    )
    await expect.poll(() => received).toMatch(/^HTTP\/1.1 400/)
    socket.write('{"q":"x"}\n')
    await new Promise((resolve) => setTimeout(resolve, 3000))
    socket.write(`GET ${query}?query=1 HTTP/1.1\r\nHost: localhost\r\n\r\n`)
    await expect.poll(() => received).toMatch(/HTTP\/1.1 200/)
    socket.destroy()
  }, 15_000)

  it("answers a WebSocket upgrade to the Studio's socket path with 404 and closes (ADR 103)", async () => {
    const { response, ms } = await rawRequest(
      'GET /content/v2022-06-30/socket/production?tag=sanity.studio HTTP/1.1\r\nHost: localhost\r\n' +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    )
    expect(response).toMatch(/^HTTP\/1.1 404/)
    expect(response).toMatch(/\r\nConnection: close\r\n/i)
    expect(ms).toBeLessThan(2000)
  }, 20_000)
})
