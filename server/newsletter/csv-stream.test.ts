import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import http2 from 'node:http2'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { parseEnv } from '../env'
import { createHttpsFront } from '../http/https-front'
import { loadTlsCredentials } from '../http/tls-certificate'
import { createLogger } from '../logger'
import { toCsv } from './csv'
import { sendCsvChunks } from './csv-stream'

const PAGES = 300
const ROWS = 100
const HEADER = ['n', 'note']
/** About 1 KB a row, so the whole file (30 MB) is far more than the sockets' buffers hold. */
const rowOf = (n: number) => [n, `${'é'.repeat(500)} "${n}"`]
const allRows = () => Array.from({ length: PAGES * ROWS }, (_, n) => rowOf(n))
/** The BOM and header line that `toCsv` puts before the rows. */
const headLength = toCsv(HEADER, []).length

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** A real HTTP server whose one route sends `PAGES` chunks through `sendCsvChunks`, counting the chunks read. */
async function serve() {
  const state = { read: 0, finished: false }
  async function* pages() {
    try {
      for (let page = 0; page < PAGES; page++) {
        await new Promise((resolve) => setImmediate(resolve))
        state.read++
        const rows = Array.from({ length: ROWS }, (_, i) => rowOf(page * ROWS + i))
        yield Buffer.from(page === 0 ? toCsv(HEADER, rows) : toCsv(HEADER, rows).slice(headLength))
      }
    } finally {
      state.finished = true
    }
  }
  const app = express()
  app.get('/file.csv', (_req, res, next) => {
    res.type('text/csv')
    sendCsvChunks(res, pages()).catch(next)
  })
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/file.csv`
  return { state, url }
}

const response = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('sendCsvChunks', () => {
  it('reads no further than the client takes, then sends the same file as toCsv', async () => {
    const { state, url } = await serve()
    const res = await response(url)
    res.pause()
    // The client reads nothing: the export stops once the sockets' buffers are full. At the export's pace, on a
    // busy machine, filling them takes a while: the reading is watched until it stays put.
    let whilePaused = -1
    for (let i = 0; i < 50 && state.read !== whilePaused; i++) {
      whilePaused = state.read
      await sleep(300)
    }
    expect(state.read).toBe(whilePaused)
    expect(whilePaused).toBeLessThan(PAGES / 2)
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    const ended = new Promise((resolve) => res.on('end', resolve))
    res.resume()
    await ended
    expect(state.read).toBe(PAGES)
    expect(Buffer.concat(chunks).toString('utf8')).toBe(toCsv(HEADER, allRows()))
  })

  it('stops reading when the client goes away', async () => {
    const { state, url } = await serve()
    const res = await response(url)
    await new Promise((resolve) => res.once('data', resolve))
    res.destroy()
    for (let i = 0; i < 100 && !state.finished; i++) await sleep(20)
    expect(state.finished).toBe(true)
    expect(state.read).toBeLessThan(PAGES)
  })

  it('sends the file behind the HTTP/2 front, where the response has no socket of its own', async () => {
    const { url } = await serve()
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'csv-stream-h2-'))
    const front = createHttpsFront({
      ...(await loadTlsCredentials({ dataDir })),
      app: server!,
      logger: createLogger(parseEnv({ LOG_LEVEL: 'silent' })),
    })
    await new Promise<void>((resolve) => front.server.listen(0, '127.0.0.1', resolve))
    try {
      const session = http2.connect(`https://localhost:${(front.server.address() as AddressInfo).port}`, {
        rejectUnauthorized: false,
      })
      const stream = session.request({ ':path': new URL(url).pathname })
      const [headers] = (await once(stream, 'response')) as [http2.IncomingHttpHeaders]
      const chunks: Buffer[] = []
      for await (const chunk of stream) chunks.push(chunk as Buffer)
      session.close()
      expect(headers[':status']).toBe(200)
      expect(Buffer.concat(chunks).toString('utf8')).toBe(toCsv(HEADER, allRows()))
    } finally {
      await front.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  it('answers a failure before the first chunk with the error handler, not as the file', async () => {
    const failing: AsyncIterable<Buffer> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('the store is down')) }),
    }
    const app = express()
    app.get('/file.csv', (_req, res, next) => {
      res.type('text/csv').attachment('file.csv').set('Content-Encoding', 'gzip')
      sendCsvChunks(res, failing).catch(next)
    })
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ message: error.message })
    })
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    const res = await response(`http://127.0.0.1:${(server.address() as AddressInfo).port}/file.csv`)
    expect(res.statusCode).toBe(500)
    expect(res.headers['content-disposition']).toBeUndefined()
    expect(res.headers['content-encoding']).toBeUndefined()
    const chunks: Buffer[] = []
    for await (const chunk of res) chunks.push(chunk as Buffer)
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual({ message: 'the store is down' })
  })
})

/** 40 chunks of 100 ASCII rows (about 16 KB each, so a character is a byte). */
const PACED_CHUNKS = 40
const pacedRow = (n: number) => [n, `fan ${n} ${'x'.repeat(150)}`]
async function* pacedChunks() {
  for (let chunk = 0; chunk < PACED_CHUNKS; chunk++)
    yield Buffer.from(
      toCsv(
        HEADER,
        Array.from({ length: 100 }, (_, i) => pacedRow(chunk * 100 + i)),
      ),
    )
}

/** The time to the last byte and the bytes of a file sent by a real HTTP server at `bytesPerSecond`. */
async function download(bytesPerSecond: number) {
  const app = express()
  app.get('/chunks.csv', (_req, res, next) => {
    sendCsvChunks(res.type('text/csv'), pacedChunks(), { bytesPerSecond }).catch(next)
  })
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const started = performance.now()
  const res = await response(`http://127.0.0.1:${(server.address() as AddressInfo).port}/chunks.csv`)
  let bytes = 0
  res.on('data', (chunk: Buffer) => (bytes += chunk.length))
  await new Promise((resolve) => res.on('end', resolve))
  return { ms: performance.now() - started, bytes }
}

describe("an export's pace", () => {
  const RATE = 2 * 1024 * 1024

  it('goes no faster than its bytes a second', async () => {
    const { ms, bytes } = await download(RATE)
    // The first write goes at once; the rest wait their turn.
    expect(bytes).toBeGreaterThan(600_000)
    expect(ms).toBeGreaterThanOrEqual(((bytes - 20_000) / RATE) * 1000)
    await new Promise((resolve) => server?.close(resolve))
    // Unpaced, the same file takes a fraction of that time: the pace is what holds it back.
    const unpaced = await download(Number.POSITIVE_INFINITY)
    expect(unpaced.bytes).toBe(bytes)
    expect(unpaced.ms).toBeLessThan(((bytes - 20_000) / RATE) * 1000 * 0.5)
  })
})
