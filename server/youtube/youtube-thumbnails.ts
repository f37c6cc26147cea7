import type { Logger } from '../logger'
import { imageTypeOf } from './image-signature'
import { createKeptThumbnails } from './kept-thumbnails'

export type ThumbnailAnswer =
  | { kind: 'thumbnail'; bytes: Buffer; contentType: string }
  /** Why there is no thumbnail: the server was told not to fetch, YouTube failed lately, or fetches are busy. */
  | { kind: 'placeholder'; reason: 'off' | 'failed' | 'busy' }

export type YouTubeThumbnails = { get(id: string): Promise<ThumbnailAnswer> }

export type YouTubeThumbnailsOptions = {
  /** Where fetched thumbnails are kept (created when missing). */
  dir: string
  /** The origin thumbnails come from (`https://i.ytimg.com`); undefined never fetches, so every answer is the placeholder. */
  upstream: string | undefined
  logger: Logger
  /** Disk kept for thumbnails; the least recently served are deleted past it. */
  cacheBytes?: number
  /** Largest thumbnail accepted from upstream (well above what YouTube's `hqdefault` is). */
  maxBytes?: number
  timeoutMs?: number
  /** Upstream fetches at once; past it a request gets the placeholder rather than waiting. */
  concurrency?: number
  /** How long a failed id answers the placeholder before it is fetched again. */
  retryAfterMs?: number
  /** Monotonic milliseconds (tests move it); the server's clock may be pinned. */
  now?: () => number
}

/** Ids that failed, remembered for their back-off; past this many the oldest are forgotten first. */
const MAX_REMEMBERED_FAILURES = 10_000

/**
 * YouTube thumbnails served from the site's own origin (ADR 130): each is fetched from YouTube the
 * first time a page shows it and kept on disk, within a size cap, least recently served deleted first. Concurrent
 * requests for one id share one fetch. Anything that goes wrong (no network, a timeout, a 404, bytes that are not
 * a JPEG, PNG or WebP, more than `maxBytes`) answers the placeholder, and the id is not asked for again before
 * `retryAfterMs`, so a server without internet, or a flood of made-up ids, costs YouTube and the server little.
 */
export function createYouTubeThumbnails(options: YouTubeThumbnailsOptions): YouTubeThumbnails {
  const {
    dir,
    upstream,
    logger,
    cacheBytes = 64 * 1024 * 1024,
    maxBytes = 512 * 1024,
    timeoutMs = 4000,
    concurrency = 4,
    retryAfterMs = 10 * 60_000,
    now = () => performance.now(),
  } = options
  const kept = createKeptThumbnails(dir, cacheBytes)
  const failedUntil = new Map<string, number>()
  const inFlight = new Map<string, Promise<ThumbnailAnswer>>()

  async function fetchAndKeep(id: string, origin: string): Promise<ThumbnailAnswer> {
    try {
      const { bytes, contentType } = await fetchThumbnail(
        `${origin}/vi/${id}/hqdefault.jpg`,
        maxBytes,
        timeoutMs,
      )
      await kept.keep(id, { bytes, contentType })
      return { kind: 'thumbnail', bytes, contentType }
    } catch (error) {
      rememberFailure(id)
      // fetch() says only "fetch failed"; the network's reason (ENOTFOUND, ECONNREFUSED...) is its cause.
      const reason = (error as Error & { cause?: { code?: string } }).cause?.code ?? (error as Error).message
      logger.warn({ youtubeId: id, reason }, 'YouTube thumbnail unavailable')
      return { kind: 'placeholder', reason: 'failed' }
    }
  }

  function rememberFailure(id: string) {
    failedUntil.delete(id)
    failedUntil.set(id, now() + retryAfterMs)
    if (failedUntil.size > MAX_REMEMBERED_FAILURES) failedUntil.delete(failedUntil.keys().next().value!)
  }

  function failedLately(id: string): boolean {
    const until = failedUntil.get(id)
    if (until === undefined) return false
    if (until > now()) return true
    failedUntil.delete(id)
    return false
  }

  return {
    async get(id) {
      const onDisk = await kept.read(id)
      if (onDisk) return { kind: 'thumbnail', ...onDisk }
      if (!upstream) return { kind: 'placeholder', reason: 'off' }
      const pending = inFlight.get(id)
      if (pending) return pending
      if (failedLately(id)) return { kind: 'placeholder', reason: 'failed' }
      if (inFlight.size >= concurrency) return { kind: 'placeholder', reason: 'busy' }
      const fetching = fetchAndKeep(id, upstream).finally(() => inFlight.delete(id))
      inFlight.set(id, fetching)
      return fetching
    },
  }
}

/** GETs one thumbnail: 200, at most `maxBytes`, and bytes that are a JPEG, PNG or WebP; else throws why. */
async function fetchThumbnail(url: string, maxBytes: number, timeoutMs: number) {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
  if (response.status !== 200) {
    await response.body?.cancel()
    throw new Error(`upstream answered ${response.status}`)
  }
  const declared = Number(response.headers.get('content-length'))
  if (declared > maxBytes) {
    await response.body?.cancel()
    throw new Error(`upstream thumbnail is ${declared} bytes, over ${maxBytes}`)
  }
  const bytes = await readAtMost(response, maxBytes)
  const contentType = imageTypeOf(bytes)
  if (!contentType) throw new Error('upstream answered something that is not a JPEG, PNG or WebP image')
  return { bytes, contentType }
}

async function readAtMost(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    total += value.length
    if (total > maxBytes) {
      await reader.cancel()
      throw new Error(`upstream thumbnail is over ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
}
