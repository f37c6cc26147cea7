import express, { type RequestHandler, type Router } from 'express'
import { DEFAULT_JSON_MAX_DEPTH, jsonBody } from '../../http/json-limits'
import type { Logger } from '../../logger'
import {
  ContentApiError,
  ANONYMOUS,
  ReleaseScheduler,
  DEFAULT_QUERY_LIMITS,
  type QueryLimits,
  QueryRunner,
  sharedQueryPool,
  type QueryPool,
  type ContentStore,
} from '../engine'
import { actionsHandler } from './actions'
import { docHandler } from './doc'
import { contentErrorHandler } from './error-handler'
import { exportHandler } from './export'
import { historyDocumentsHandler, historyTransactionsHandler } from './history'
import { listenHandler, type ListenerLimits } from './listen'
import { liveEventsHandler } from './live-events'
import { mutateHandler } from './mutate'
import { DEFAULT_QUERY_CACHE_BYTES, queryHandler } from './query'

export type ContentApiOptions = {
  store: ContentStore
  /**
   * Sets `res.locals.principal` (accounts, sessions, tokens live in the auth module). Without one, every caller
   * is anonymous: published documents readable, nothing writable.
   */
  authenticate?: RequestHandler
  /** Extra routers mounted first, before the data endpoints (assets, users, auth, Studio stubs...). */
  routers?: Router[]
  projectId?: string
  /** Largest JSON body accepted by mutate and actions; larger ones get 413. */
  maxBodyBytes?: number
  /** Deepest JSON accepted in bodies; deeper ones get 400. */
  maxJsonDepth?: number
  /** Worker threads that evaluate GROQ (default: one pool per process). */
  queryPool?: QueryPool
  queryLimits?: Partial<QueryLimits>
  listenerLimits?: Partial<ListenerLimits>
  /** Open Live Content API streams allowed (http/live-events.ts). */
  liveEventsLimits?: Partial<ListenerLimits>
  /** Milliseconds between SSE keep-alive comments on listeners. */
  keepAliveMs?: number
  logger?: Logger
  /** Cache query results per dataset version (default on); off only to measure raw evaluation. */
  queryCache?: boolean
  /** Memory for cached query results, in bytes (QUERY_CACHE_MB). */
  queryCacheBytes?: number
  /** Publish scheduled releases on time from this process (default on; ADR 180). */
  releaseScheduler?: boolean
}

const anonymous: RequestHandler = (_req, res, next) => {
  res.locals.principal ??= ANONYMOUS
  next()
}

/**
 * The Sanity-compatible content API, mounted at `/content` (so @sanity/client's `apiHost` is `<origin>/content`
 * with `useProjectHostname: false`). Everything under it answers errors in Sanity's JSON shape.
 */
export function createContentApi(options: ContentApiOptions): Router {
  const { store, projectId = 'local', maxBodyBytes = 4 * 1024 * 1024 } = options
  const router = express.Router()
  const maxDepth = options.maxJsonDepth ?? DEFAULT_JSON_MAX_DEPTH
  const type = ['application/json', 'text/plain']
  const json = jsonBody({ limit: maxBodyBytes, maxDepth, type })
  const runner = new QueryRunner(options.queryPool ?? sharedQueryPool(), {
    ...DEFAULT_QUERY_LIMITS,
    maxParamsDepth: maxDepth,
    ...options.queryLimits,
  })
  // A POSTed query is its text and its parameters; the limits on each say more than a 413 would.
  const queryJson = jsonBody({
    limit: runner.limits.maxQueryBytes + runner.limits.maxParamsBytes + 16 * 1024,
    // The parameters' own limit is checked (and named) by the query checks.
    maxDepth: runner.limits.maxParamsDepth + 3,
    type,
  })

  // Same-origin API: no CORS headers, but preflights and OPTIONS probes get a plain answer instead of a 404.
  router.options('/{*path}', (_req, res) => {
    res.set('Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS').status(204).end()
  })
  router.use(options.authenticate ?? anonymous)
  for (const extra of options.routers ?? []) router.use(extra)

  const cacheBytes = options.queryCache === false ? 0 : (options.queryCacheBytes ?? DEFAULT_QUERY_CACHE_BYTES)
  const query = queryHandler(store, projectId, runner, cacheBytes)
  router.get('/:apiVersion/data/query/:dataset', query)
  router.post('/:apiVersion/data/query/:dataset', queryJson, query)
  router.get('/:apiVersion/data/doc/:dataset/:ids', docHandler(store))
  router.post('/:apiVersion/data/mutate/:dataset', json, mutateHandler(store))
  router.post('/:apiVersion/data/actions/:dataset', json, actionsHandler(store))
  router.get('/:apiVersion/data/history/:dataset/transactions/:ids', historyTransactionsHandler(store))
  router.get('/:apiVersion/data/history/:dataset/documents/:ids', historyDocumentsHandler(store))
  router.get('/:apiVersion/data/export/:dataset', exportHandler(store))
  router.get(
    '/:apiVersion/data/listen/:dataset',
    listenHandler(store, { keepAliveMs: options.keepAliveMs, runner, limits: options.listenerLimits }),
  )

  router.get(
    '/:apiVersion/data/live/events/:dataset',
    liveEventsHandler(store, { keepAliveMs: options.keepAliveMs, limits: options.liveEventsLimits }),
  )

  router.use((req, _res, next) => {
    next(
      new ContentApiError(
        404,
        'notFound',
        `No content API route for ${req.method} ${req.baseUrl}${req.path}`,
      ),
    )
  })
  router.use(contentErrorHandler(options.logger))
  if (options.releaseScheduler !== false) startReleaseScheduler(store, options.logger)
  return router
}

/** Scheduled releases publish at their time, and overdue ones now, with nobody signed in (ADR 180). */
function startReleaseScheduler(store: ContentStore, logger: Logger | undefined): void {
  new ReleaseScheduler(store, {
    onError: (err, release) => logger?.error({ err, ...release }, 'scheduled release did not publish'),
    onPublished: (release) => logger?.info(release, 'scheduled release published'),
  }).start()
}
