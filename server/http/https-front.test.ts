import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import http2 from 'node:http2'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { parseEnv } from '../env'
import { http1RequestHeaders } from './h2-stream-to-app'
import { createHttpsFront, DEFAULT_FRONT_LIMITS, type HttpsFront } from './https-front'
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
      ip: req.ip,
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
    // As the content API's listeners do: the socket's own calls work on an HTTP/2 stream's connection too.
    res.socket?.setNoDelay(true)
    res.socket?.setKeepAlive(true)
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    res.write('event: welcome\ndata: {}\n\n')
    // The stream stays open; the first event must arrive without waiting for the end.
  })
  app.get('/assets/chunk-:n.js', (req, res) => {
    // A moment's work, so that every chunk a browser asks for at once is in progress at once.
    setTimeout(() => res.type('text/javascript').send(`export const n = ${req.params.n}`), 50)
  })
  plain = createServer(app)
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve))

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'https-front-'))
  const { cert, key } = await loadTlsCredentials({ dataDir })
  front = createHttpsFront({
    cert,
    key,
    app: plain,
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
      // The client's own address, as on the plain port: no proxy hop in between.
      ip: '127.0.0.1',
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

  it('answers every chunk of three Studios loading at once behind one address (past its share, a stream waits)', async () => {
    // Each browser has a connection of its own, asks for as many chunks as the connection allows and keeps its
    // listener open: more streams than one address's share. Refusing the excess broke a Studio's load (a 503 chunk).
    const { maxStreams, maxStreamsPerClient } = DEFAULT_FRONT_LIMITS
    const browsers = 3
    expect(browsers * maxStreams).toBeGreaterThan(maxStreamsPerClient)
    const sessions = Array.from({ length: browsers }, () =>
      http2.connect(origin, { rejectUnauthorized: false }),
    )
    const listeners = sessions.map((session) => session.request({ ':path': '/events' }).resume())
    const statuses = await Promise.all(
      sessions.flatMap((session, browser) =>
        Array.from({ length: maxStreams - 1 }, async (_, n) => {
          const stream = session.request({ ':path': `/assets/chunk-${browser}-${n}.js` })
          const { headers, body } = await readAll(stream)
          expect(body).toBe(`export const n = ${browser}-${n}`)
          return Number(headers[':status'])
        }),
      ),
    )
    for (const listener of listeners) listener.close()
    for (const session of sessions) session.close()
    expect(statuses.filter((status) => status !== 200)).toEqual([])
    expect(statuses).toHaveLength(browsers * (maxStreams - 1))
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

describe('http1RequestHeaders', () => {
  it('drops pseudo and hop-by-hop headers, sends :authority as Host and asks for one request per connection', () => {
    expect(
      http1RequestHeaders({
        ':path': '/x',
        ':method': 'GET',
        ':authority': 'localhost:3443',
        connection: 'keep-alive',
        accept: 'text/html',
      }),
    ).toEqual({ accept: 'text/html', host: 'localhost:3443', connection: 'close' })
  })
})
