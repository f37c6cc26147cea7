import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { toCsv } from './csv'
import { sendCsvChunks, sendCsvPages } from './csv-stream'

const PAGES = 300
const ROWS = 100
const HEADER = ['n', 'note']
/** About 1 KB a row, so the whole file (30 MB) is far more than the sockets' buffers hold. */
const rowOf = (n: number) => [n, `${'é'.repeat(500)} "${n}"`]
const allRows = () => Array.from({ length: PAGES * ROWS }, (_, n) => rowOf(n))

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve))
  server = undefined
})

/** A real HTTP server whose one route sends `PAGES` pages through `sendCsvPages`, counting the pages read. */
async function serve() {
  const state = { read: 0, finished: false }
  async function* pages() {
    try {
      for (let page = 0; page < PAGES; page++) {
        await new Promise((resolve) => setImmediate(resolve))
        state.read++
        yield Array.from({ length: ROWS }, (_, i) => rowOf(page * ROWS + i))
      }
    } finally {
      state.finished = true
    }
  }
  const app = express()
  app.get('/file.csv', (_req, res, next) => {
    res.type('text/csv')
    sendCsvPages(res, HEADER, pages()).catch(next)
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

describe('sendCsvPages', () => {
  it('reads no further than the client takes, then sends the same file as toCsv', async () => {
    const { state, url } = await serve()
    const res = await response(url)
    res.pause()
    // The client reads nothing: the export stops once the sockets' buffers are full.
    await sleep(500)
    const whilePaused = state.read
    await sleep(300)
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
})

/** 40 pages of 100 ASCII rows (about 16 KB each, so a character is a byte) and the same as the store's chunks. */
const PACED_PAGES = 40
const pacedRow = (n: number) => [n, `fan ${n} ${'x'.repeat(150)}`]
const pacedPage = (page: number) => Array.from({ length: 100 }, (_, i) => pacedRow(page * 100 + i))
async function* pacedPages() {
  for (let page = 0; page < PACED_PAGES; page++) yield pacedPage(page)
}
async function* pacedChunks() {
  for (let page = 0; page < PACED_PAGES; page++)
    yield Buffer.from(toCsv(HEADER, pacedPage(page)).split('\r\n').slice(1).join('\r\n'))
}

/** The time to the last byte and the bytes of `path`, sent by a real HTTP server at `bytesPerSecond`. */
async function download(path: '/pages.csv' | '/chunks.csv', bytesPerSecond: number) {
  const app = express()
  app.get('/pages.csv', (_req, res, next) => {
    sendCsvPages(res.type('text/csv'), HEADER, pacedPages(), bytesPerSecond).catch(next)
  })
  app.get('/chunks.csv', (_req, res, next) => {
    sendCsvChunks(res.type('text/csv'), HEADER, pacedChunks(), { bytesPerSecond }).catch(next)
  })
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const started = performance.now()
  const res = await response(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)
  let bytes = 0
  res.on('data', (chunk: Buffer) => (bytes += chunk.length))
  await new Promise((resolve) => res.on('end', resolve))
  return { ms: performance.now() - started, bytes }
}

describe("an export's pace", () => {
  const RATE = 2 * 1024 * 1024

  it.each(['/pages.csv', '/chunks.csv'] as const)(
    '%s goes no faster than its bytes a second',
    async (path) => {
      const { ms, bytes } = await download(path, RATE)
      // The first write goes at once; the rest wait their turn.
      expect(bytes).toBeGreaterThan(600_000)
      expect(ms).toBeGreaterThanOrEqual(((bytes - 20_000) / RATE) * 1000)
      await new Promise((resolve) => server?.close(resolve))
      // Unpaced, the same file takes a fraction of that time: the pace is what holds it back.
      const unpaced = await download(path, Number.POSITIVE_INFINITY)
      expect(unpaced.bytes).toBe(bytes)
      expect(unpaced.ms).toBeLessThan(((bytes - 20_000) / RATE) * 1000 * 0.5)
    },
  )
})
