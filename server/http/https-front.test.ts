import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { parseEnv } from '../env'
import { createHttpsFront, forwardedRequestHeaders, loopbackTarget, type HttpsFront } from './https-front'
import { loadTlsCredentials } from './tls-certificate'

let plain: Server
let front: HttpsFront
let origin: string

beforeAll(async () => {
  const app = express()
  app.set('trust proxy', 'loopback')
  app.get('/whoami', (req, res) => {
    res.json({
      secure: req.secure,
      protocol: req.protocol,
      host: req.get('host'),
      httpVersion: req.httpVersion,
    })
  })
  app.post('/echo', (req, res) => {
    res.type(req.get('content-type') ?? 'application/octet-stream')
    req.pipe(res)
  })
  app.get('/echo', (req, res) => {
    res.type('text/plain')
    req.pipe(res)
  })
  app.get('/events', (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.write('event: welcome\ndata: {}\n\n')
    // The stream stays open; the first event must arrive without waiting for the end.
  })
  plain = createServer(app)
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'https-front-'))
  const { cert, key } = await loadTlsCredentials({ dataDir })
  front = createHttpsFront({
    cert,
    key,
    target: () => loopbackTarget(plain.address() as AddressInfo),
    logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
  })
  await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve))
  origin = `https://localhost:${(front.server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await front.close()
  plain.closeAllConnections()
  await new Promise((resolve) => plain.close(resolve))
})

function h2request(pathname: string, init: { method?: string; body?: string } = {}) {
  const session = http2.connect(origin, { rejectUnauthorized: false })
  const stream = session.request(
    {
      ':path': pathname,
      ':method': init.method ?? 'GET',
      'content-type': 'text/plain',
      // A GET's body reaches an HTTP/1.1 backend only with a length (Node never chunks a GET).
      ...(init.body ? { 'content-length': Buffer.byteLength(init.body) } : {}),
    },
    // Node ends a GET's stream with its headers unless told there is a body.
    { endStream: !init.body },
  )
  if (init.body) stream.end(init.body)
  else stream.end()
  return { session, stream }
}

async function readAll(stream: http2.ClientHttp2Stream) {
  const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders]
  let body = ''
  stream.setEncoding('utf8')
  for await (const chunk of stream) body += chunk
  return { headers, body }
}

describe('HTTPS front', () => {
  it('serves HTTP/2 and tells the app the request was secure', async () => {
    const { session, stream } = h2request('/whoami')
    const { headers, body } = await readAll(stream)
    session.close()
    expect(headers[':status']).toBe(200)
    expect(JSON.parse(body)).toMatchObject({
      secure: true,
      protocol: 'https',
      host: origin.slice('https://'.length),
    })
  })

  it('streams request bodies to the app and responses back', async () => {
    const payload = 'x'.repeat(200_000)
    const { session, stream } = h2request('/echo', { method: 'POST', body: payload })
    const { body } = await readAll(stream)
    session.close()
    expect(body).toBe(payload)
  })

  it('streams the body of a GET that has one (only bodyless GETs are replayed)', async () => {
    const { session, stream } = h2request('/echo', { method: 'GET', body: 'a body on a GET' })
    const { body } = await readAll(stream)
    session.close()
    expect(body).toBe('a body on a GET')
  })

  it('passes server-sent events through as they are written', async () => {
    const { session, stream } = h2request('/events')
    const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders]
    expect(headers['content-type']).toBe('text/event-stream')
    const [first] = (await once(stream, 'data')) as [Buffer]
    expect(first.toString()).toContain('event: welcome')
    stream.close()
    session.close()
  })

  it('also answers HTTP/1.1 clients', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get(`${origin}/whoami`, { rejectUnauthorized: false }, (res) => {
          let data = ''
          res.on('data', (chunk: Buffer) => (data += chunk.toString()))
          res.on('end', () => resolve(data))
        })
        .on('error', reject)
    })
    expect(JSON.parse(body)).toMatchObject({ secure: true })
  })
})

describe('HTTPS front and a backend that closes kept-alive sockets', () => {
  /**
   * A raw HTTP/1.1 backend that keeps each connection alive after its first response, then resets it
   * when a second request arrives: the race a pooled socket loses when the backend's keep-alive
   * timer fires just as the front reuses it.
   */
  let backend: net.Server
  let staleFront: HttpsFront
  let staleOrigin: string
  const seen: string[] = []

  beforeAll(async () => {
    backend = net.createServer((socket) => {
      let served = 0
      let buffered = ''
      socket.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('latin1')
        while (buffered.includes('\r\n\r\n')) {
          const end = buffered.indexOf('\r\n\r\n') + 4
          const head = buffered.slice(0, end)
          const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0)
          if (buffered.length < end + length) return
          buffered = buffered.slice(end + length)
          const requestLine = head.slice(0, head.indexOf('\r\n'))
          if (served++ > 0) {
            socket.resetAndDestroy()
            return
          }
          seen.push(requestLine)
          const body = `ok ${requestLine}`
          socket.write(
            `HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n${body}`,
          )
        }
      })
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve))
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'https-front-stale-'))
    const { cert, key } = await loadTlsCredentials({ dataDir })
    staleFront = createHttpsFront({
      cert,
      key,
      target: () => loopbackTarget(backend.address() as AddressInfo),
      logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
    })
    await new Promise<void>((resolve) => staleFront.server.listen(0, '127.0.0.1', resolve))
    staleOrigin = `https://localhost:${(staleFront.server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    await staleFront.close()
    await new Promise((resolve) => backend.close(resolve))
  })

  async function request(pathname: string, method = 'GET', body?: string) {
    const session = http2.connect(staleOrigin, { rejectUnauthorized: false })
    // With a length: this backend reads no chunked bodies.
    const length = body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }
    const stream = session.request({ ':path': pathname, ':method': method, ...length })
    stream.end(body)
    const result = await readAll(stream)
    session.close()
    return { status: result.headers[':status'], body: result.body }
  }

  it('sends a GET again on a fresh connection when the pooled socket was reset', async () => {
    expect(await request('/first')).toEqual({ status: 200, body: 'ok GET /first HTTP/1.1' })
    // The pooled socket is now "stale": the backend resets it on the next request.
    expect(await request('/second')).toEqual({ status: 200, body: 'ok GET /second HTTP/1.1' })
    expect(seen.filter((line) => line.startsWith('GET /second'))).toHaveLength(1)
  })

  it('never replays a request with a body: the browser gets 502', async () => {
    // Requests with a body have their own pool of backend connections: this one leaves a socket in it.
    await request('/prime', 'POST', 'first')
    const result = await request('/write', 'POST', 'payload')
    expect(result.status).toBe(502)
    expect(seen.some((line) => line.startsWith('POST /write'))).toBe(false)
  })
})

describe('forwardedRequestHeaders', () => {
  it('drops pseudo and hop-by-hop headers and adds forwarding headers', () => {
    expect(
      forwardedRequestHeaders(
        { ':path': '/x', ':authority': 'localhost:3443', connection: 'keep-alive', accept: 'text/html' },
        { authority: 'localhost:3443', remoteAddress: '::1' },
      ),
    ).toEqual({
      accept: 'text/html',
      host: 'localhost:3443',
      'x-forwarded-for': '::1',
      'x-forwarded-host': 'localhost:3443',
      'x-forwarded-proto': 'https',
    })
  })
  it('maps wildcard listen addresses to loopback', () => {
    expect(loopbackTarget({ address: '0.0.0.0', port: 1, family: 'IPv4' })).toEqual({
      host: '127.0.0.1',
      port: 1,
    })
    expect(loopbackTarget({ address: '::', port: 1, family: 'IPv6' })).toEqual({ host: '::1', port: 1 })
  })
})
