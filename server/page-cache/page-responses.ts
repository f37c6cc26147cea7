import { setImmediate as nextTurn } from 'node:timers/promises'
import type { Request, RequestHandler, Response } from 'express'
import type { Clock } from '../clock'
import type { Logger } from '../logger'
import type { ContentClient } from '../../web/src/lib/content-client'
import { notFoundKey, pageCacheKey, renderUrlFor } from './cache-key'
import { createRequestKeys, type PageCachePolicy, type RequestKey } from './request-key'
import type { ContentChanges } from './content-changes'
import { dateChangeMemo, freshnessFor, scheduleMemo } from './freshness'
import { PageCache, type PageCacheOptions } from './page-cache'
import { pageRendition } from './page-rendition'
import type { RenditionInput } from './rendition'
import { sendRendition } from './send-rendition'
import { preferredEncoding } from './encoding'

/**
 * What a shared cache (a CDN) may do with a cached page: keep it 30 s, then serve it stale for up to 5 minutes
 * while it fetches a fresh copy. Browsers revalidate every time (max-age=0), which the ETag makes a 304.
 */
export const SHARED_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=300'
/** Without a content change feed (tests, an app without a content store), nothing is kept. */
const UNCACHED_CONTROL = 'no-cache'
const PRIVATE_CONTROL = 'private, no-store'

/** The page cache's byte budget when the app sets none (PAGE_CACHE_MB). */
export const DEFAULT_PAGE_CACHE_BYTES = 256 * 1024 * 1024

type Produce = (renderUrl: URL) => Promise<RenditionInput>

export type PageResponsesOptions = {
  clock: Clock
  logger: Logger
  /** SITE_URL; unset: the request's origin, which then is part of every key. */
  siteUrl?: string
  /** Content change feed; unset: every request renders (`no-cache`), as without a cache. */
  changes?: ContentChanges
  /** Which query parameters a page renders from, and whether it may be kept (each route's `cache` and `values`, web/src/app/page-cache-policy.ts). */
  policyFor?: (pathname: string) => PageCachePolicy
  /** The next instant (wall-clock ms) a scheduled document becomes public; read once per content generation. */
  nextScheduled?: () => Promise<number>
  /** The next instant (site clock ms) pages may change by the date alone; read once per content generation. */
  nextDateChange?: (now: Date) => Promise<number>
  /** Where a page's `known` parameter values are read (once per content generation); unset: all values exist. */
  reader?: ContentClient
  limits?: Partial<PageCacheOptions>
}

export type PageResponses = {
  /**
   * Answers a GET or HEAD for a page the cache holds, else goes on to `next()`. Mounted in the app right after
   * the middleware every response passes (app.ts), so a stored page gets the same headers, request id and log
   * line as a new render, without the rest of the stack.
   */
  stored: RequestHandler
  /**
   * Answers with the stored page for this request, or renders, stores and answers it. `produce` renders from the
   * URL it is given (only the page's own parameters) and nothing else of the request: its bytes go to everyone.
   */
  respond: (req: Request, res: Response, produce: Produce, options: { asPage: boolean }) => Promise<void>
  cache: PageCache
  close: () => void
}

/** The page cache in front of the SSR handler and the feeds (ADR 090). */
// eslint-disable-next-line max-lines-per-function -- factory of small closures (ADR 074)
export function createPageResponses(options: PageResponsesOptions): PageResponses {
  const { clock, logger, changes } = options
  const keyOf = createRequestKeys(options)
  const cache = new PageCache({ maxBytes: DEFAULT_PAGE_CACHE_BYTES, ...options.limits })
  const schedule = scheduleMemo(options.nextScheduled, (err) =>
    logger.warn({ err }, 'could not read the next scheduled publication; pages age by the clock only'),
  )
  const dateChange = dateChangeMemo(options.nextDateChange, clock, (err) =>
    logger.warn({ err }, 'could not read when shows start or end; pages age every quarter hour'),
  )
  const build = pageRendition

  type KnownValues = NonNullable<PageCachePolicy['known']>[string]
  let knownReads = new Map<KnownValues, Promise<Set<string> | undefined>>()
  // A change renders nothing by itself: a page is rendered again when it is next asked for (ADR 090), so a
  // publish never makes the visitors of other pages wait behind renders nobody asked for.
  const unsubscribe = changes?.subscribe((syncTags) => {
    cache.invalidate(syncTags)
    schedule.reset()
    dateChange.reset()
    knownReads = new Map()
  })

  /** The values that exist, read once per generation; a failed read is logged, tried again, and drops nothing. */
  function knownValues(read: KnownValues): Promise<Set<string> | undefined> {
    const reads = knownReads
    let values = reads.get(read)
    if (!values && options.reader) {
      values = read(options.reader).then(
        (list) => new Set(list),
        (err: unknown) => {
          logger.warn({ err }, 'could not read which parameter values exist; every value is kept')
          reads.delete(read)
          return undefined
        },
      )
      reads.set(read, values)
    }
    return values ?? Promise.resolve(undefined)
  }

  /**
   * Whether a parameter the route declares in `notFoundUnless` (`/news/<slug>`, `/news?page=`) names nothing
   * that exists: then the page is the route's 404, and every such request shares its one entry.
   */
  async function namesNothing({ target, policy }: RequestKey): Promise<boolean> {
    if (!policy.notFoundUnless) return false
    const queryAt = target.indexOf('?')
    const search = new URLSearchParams(queryAt < 0 ? '' : target.slice(queryAt + 1))
    for (const check of policy.notFoundUnless) {
      const value = check.pathValue ?? search.get(check.name)
      if (value === null) continue
      const values = await knownValues(check.exists)
      if (values && !values.has(value)) return true
    }
    return false
  }

  /**
   * The key of a page and where it renders from, once the page handler (the last in the app) has it: a
   * path no route knows, or a parameter that names nothing (`notFoundUnless`), is the route's shared 404; an
   * unknown `known` value (`?media=<slug>`) is dropped; the path is the route's own spelling (`/NEWS/` is
   * `/news`). Either way such a request costs no render and no entry of its own. (`stored`, before the
   * static files and the routers, only answers a request's own key: any path may still be theirs.)
   */
  async function keyOfExisting(requestKey: RequestKey): Promise<{ key: string; renderPath: string }> {
    const { origin, target, policy } = requestKey
    if (policy.notFoundPath && (policy.notFound || (await namesNothing(requestKey)))) {
      return { key: notFoundKey(origin, policy.notFoundPath), renderPath: policy.notFoundPath }
    }
    const queryAt = target.indexOf('?')
    const pathname = policy.canonicalPath ?? (queryAt < 0 ? target : target.slice(0, queryAt))
    const sets = new Map<string, Set<string> | undefined>()
    for (const [name, read] of Object.entries(policy.known ?? {})) sets.set(name, await knownValues(read))
    const key = pageCacheKey(
      origin,
      pathname,
      queryAt < 0 ? '' : target.slice(queryAt + 1),
      policy.params,
      (name, value) => sets.get(name)?.has(value) ?? true,
    )
    return { key, renderPath: key.slice(origin.length) }
  }

  async function renderFresh(produce: Produce, renderUrl: URL) {
    // Requests already waiting (a stored page) go first: a render holds the event loop until its next read.
    await nextTurn()
    // Read first: a render must not outlive a scheduled publication it could not see.
    const [scheduledAt, dateChangeAt] = await Promise.all([schedule.get(), dateChange.get()])
    const freshness = freshnessFor({ clock, scheduledAt, dateChangeAt, maxAgeMs: changes?.maxAgeMs })
    const input = await produce(renderUrl)
    const rendition = await build(input, SHARED_CACHE_CONTROL)
    return { rendition, freshness, syncTags: input.syncTags }
  }

  /**
   * Answers from the cache or renders and stores. `asPage`: the request is a page of the route table (the SSR
   * handler), so its key may be its route's shared 404 (`keyOfExisting`); a feed (robots.txt, the sitemap, RSS,
   * a calendar) is not in the route table, whose catch-all would call it unknown, and keeps its own key.
   */
  async function respond(req: Request, res: Response, produce: Produce, { asPage }: { asPage: boolean }) {
    const requestKey = keyOf(req)
    const { cacheable, origin, target } = requestKey
    if (!changes || !cacheable) {
      // Rendered for this request only, from its whole URL.
      const url = renderUrlFor(origin, target)
      const rendition = await build(await produce(url), changes ? PRIVATE_CONTROL : UNCACHED_CONTROL)
      sendRendition(req, res, rendition)
      return
    }
    const { key, renderPath } = asPage
      ? await keyOfExisting(requestKey)
      : { key: requestKey.key, renderPath: requestKey.key.slice(origin.length) }
    const renderUrl = renderUrlFor(origin, renderPath)
    const rendition = await cache.render(key, () => renderFresh(produce, renderUrl))
    sendRendition(req, res, cache.withForm(rendition, preferredEncoding(req.headers['accept-encoding'])))
  }

  const stored: RequestHandler = (req, res, next) => {
    if (!changes || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    const { key, cacheable } = keyOf(req)
    const rendition = cacheable ? cache.get(key) : undefined
    if (!rendition) return next()
    sendRendition(req, res, cache.withForm(rendition, preferredEncoding(req.headers['accept-encoding'])))
  }

  return { stored, respond, cache, close: () => unsubscribe?.() }
}
