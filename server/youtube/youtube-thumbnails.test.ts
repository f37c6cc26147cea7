import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import request from 'supertest'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { YOUTUBE_THUMBNAILS_PATH, youtubeThumbnailPath } from '../../web/src/lib/youtube-contract'
import { parseEnv } from '../env'
import { createLogger } from '../logger'
import { createTestApp } from '../testing/test-app'
import { THUMBNAIL_PLACEHOLDER_SVG } from './thumbnail-placeholder'
import { youtubeThumbnailRouter } from './youtube-thumbnail-router'
import { createYouTubeThumbnails, type YouTubeThumbnailsOptions } from './youtube-thumbnails'

const logger = createLogger(parseEnv({ LOG_LEVEL: 'silent' }))
const ID = 'Qx7LmR2vK9d'
const OTHER = 'hG5kP1sZr7U'

let jpeg: Buffer
beforeAll(async () => {
  jpeg = await sharp({ create: { width: 48, height: 36, channels: 3, background: '#e0a43a' } })
    .jpeg()
    .toBuffer()
})

/** A stand-in for i.ytimg.com on loopback: counts requests per path and answers as each test says. */
type Upstream = { origin: string; hits: Map<string, number>; close(): Promise<void> }
async function startUpstream(
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) =>
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg),
): Promise<Upstream> {
  const hits = new Map<string, number>()
  const server: Server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1)
    answer(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const total = (hits: Map<string, number>) => [...hits.values()].reduce((sum, n) => sum + n, 0)

let dir: string
let upstream: Upstream | undefined
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'yt-thumbs-'))
})
afterEach(async () => {
  await upstream?.close()
  upstream = undefined
  rmSync(dir, { recursive: true, force: true })
})

function thumbnails(options: Partial<YouTubeThumbnailsOptions> = {}) {
  return createYouTubeThumbnails({ dir, upstream: upstream?.origin, logger, ...options })
}

describe('YouTube thumbnails served from the site', () => {
  it('fetches a thumbnail once, keeps it on disk, and serves the kept copy after a restart', async () => {
    upstream = await startUpstream()
    const first = await thumbnails().get(ID)
    expect(first).toEqual({ kind: 'thumbnail', bytes: jpeg, contentType: 'image/jpeg' })
    expect([...upstream.hits]).toEqual([[`/vi/${ID}/hqdefault.jpg`, 1]])

    const restarted = thumbnails({ upstream: 'http://127.0.0.1:9' })
    expect(await restarted.get(ID)).toEqual(first)
    expect(total(upstream.hits)).toBe(1)
  })

  it('shares one upstream fetch among concurrent requests for the same video', async () => {
    upstream = await startUpstream((_req, res) => {
      setTimeout(() => res.writeHead(200).end(jpeg), 50)
    })
    const store = thumbnails()
    const answers = await Promise.all(Array.from({ length: 20 }, () => store.get(ID)))
    expect(answers.every((answer) => answer.kind === 'thumbnail')).toBe(true)
    expect(total(upstream.hits)).toBe(1)
  })

  it('answers the placeholder for a video YouTube does not know, and asks again only after the back-off', async () => {
    upstream = await startUpstream((_req, res) =>
      res.writeHead(404, { 'Content-Type': 'image/jpeg' }).end(jpeg),
    )
    let now = 0
    const store = thumbnails({ retryAfterMs: 60_000, now: () => now })
    expect(await store.get(ID)).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(await store.get(ID)).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(total(upstream.hits)).toBe(1)
    now = 60_001
    await store.get(ID)
    expect(total(upstream.hits)).toBe(2)
    expect(readdirSync(dir)).toEqual([])
  })

  it('never keeps or serves what is not a JPEG, PNG or WebP, whatever its Content-Type says', async () => {
    upstream = await startUpstream((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end('<svg onload="alert(1)"></svg>'),
    )
    expect(await thumbnails().get(ID)).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('refuses a thumbnail over the size limit, declared or streamed', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(4096)])
    upstream = await startUpstream((req, res) => {
      if (req.url!.includes(ID)) res.writeHead(200, { 'Content-Length': big.length }).end(big)
      else {
        // No Content-Length: the limit is found while reading.
        res.writeHead(200, { 'Transfer-Encoding': 'chunked' })
        res.write(big.subarray(0, 2048))
        res.end(big.subarray(2048))
      }
    })
    const store = thumbnails({ maxBytes: 2048 })
    expect(await store.get(ID)).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(await store.get(OTHER)).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(readdirSync(dir)).toEqual([])
  })

  it('gives up on an upstream that does not answer, and answers others meanwhile', async () => {
    upstream = await startUpstream((req, res) => {
      if (req.url!.includes(OTHER)) res.writeHead(200).end(jpeg)
      // Else: never answers.
    })
    const store = thumbnails({ timeoutMs: 300 })
    const started = performance.now()
    const stuck = store.get(ID)
    expect((await store.get(OTHER)).kind).toBe('thumbnail')
    expect(await stuck).toEqual({ kind: 'placeholder', reason: 'failed' })
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('answers the placeholder at once when too many fetches are under way', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    upstream = await startUpstream((_req, res) => void held.then(() => res.writeHead(200).end(jpeg)))
    const store = thumbnails({ concurrency: 1 })
    const first = store.get(ID)
    expect(await store.get(OTHER)).toEqual({ kind: 'placeholder', reason: 'busy' })
    release()
    expect((await first).kind).toBe('thumbnail')
    // Not remembered as failed: the next request fetches it.
    expect((await store.get(OTHER)).kind).toBe('thumbnail')
  })

  it('never fetches when turned off', async () => {
    upstream = await startUpstream()
    expect(await thumbnails({ upstream: undefined }).get(ID)).toEqual({ kind: 'placeholder', reason: 'off' })
    expect(total(upstream.hits)).toBe(0)
  })

  it('keeps within its disk cap, deleting the least recently served first', async () => {
    upstream = await startUpstream()
    const store = thumbnails({ cacheBytes: jpeg.length * 2 })
    await store.get('aaaaaaaaaaa')
    await store.get('bbbbbbbbbbb')
    await store.get('aaaaaaaaaaa') // now the most recently served
    await store.get('ccccccccccc')
    expect(readdirSync(dir)).toHaveLength(2)
    await store.get('aaaaaaaaaaa')
    expect(upstream.hits.get('/vi/aaaaaaaaaaa/hqdefault.jpg')).toBe(1)
    await store.get('bbbbbbbbbbb')
    expect(upstream.hits.get('/vi/bbbbbbbbbbb/hqdefault.jpg')).toBe(2)
  })

  it('keeps ids that differ only in case apart, and clears temp files a crash left', async () => {
    writeFileSync(path.join(dir, 'left-over.jpg.123456.tmp'), 'partial')
    let served = 0
    upstream = await startUpstream(async (_req, res) => {
      served += 1
      const colour = served === 1 ? '#000000' : '#ffffff'
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
        .png()
        .toBuffer()
      res.writeHead(200).end(bytes)
    })
    const store = thumbnails()
    const lower = await store.get('abcdefghijk')
    const upper = await store.get('ABCDEFGHIJK')
    expect(lower.kind === 'thumbnail' && upper.kind === 'thumbnail').toBe(true)
    if (lower.kind === 'thumbnail' && upper.kind === 'thumbnail') {
      expect(lower.contentType).toBe('image/png')
      expect(lower.bytes.equals(upper.bytes)).toBe(false)
    }
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})

describe(`GET ${YOUTUBE_THUMBNAILS_PATH}/:id`, () => {
  const appWith = (store: ReturnType<typeof thumbnails>) =>
    createTestApp({ routers: { [YOUTUBE_THUMBNAILS_PATH]: youtubeThumbnailRouter(store) } })

  it('serves the thumbnail as an image, cacheable, and answers 304 to a revalidation', async () => {
    upstream = await startUpstream()
    const app = appWith(thumbnails())
    const res = await request(app).get(youtubeThumbnailPath(ID)).expect(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(Buffer.from(res.body as Buffer).equals(jpeg)).toBe(true)
    await request(app)
      .get(youtubeThumbnailPath(ID))
      .set('If-None-Match', res.headers.etag as string)
      .expect(304)
  })

  it('serves the placeholder, briefly cacheable, when there is no thumbnail', async () => {
    const res = await request(appWith(thumbnails({ upstream: undefined })))
      .get(youtubeThumbnailPath(ID))
      .expect(200)
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.headers['x-thumbnail']).toBe('placeholder (off)')
    expect(String(res.body)).toBe(THUMBNAIL_PLACEHOLDER_SVG)
  })

  it.each(['short', 'abc%2F..%2F..%2Fx', '%00%00%00%00%00%00%00%00%00%00%00', 'x'.repeat(5000)])(
    'answers 400 with a message for a malformed id (%s)',
    async (id) => {
      upstream = await startUpstream()
      const res = await request(appWith(thumbnails()))
        .get(`${YOUTUBE_THUMBNAILS_PATH}/${id}`)
        .set('Accept', 'application/json')
        .expect(400)
      expect(res.body).toEqual({ message: 'Not a YouTube video id: 11 letters, digits, "-" or "_"' })
      expect(total(upstream.hits)).toBe(0)
    },
  )
})
