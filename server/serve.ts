import { createServer, type Server } from 'node:http'
import { Router } from 'express'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createApp, publicConfigFrom } from './app'
import { bandNameFrom } from './band-name'
import { createClock } from './clock'
import { createEmbeddedContentApi } from './content-api/embedded-content-api'
import { seedIfEmpty, ContentStore, QueryPool } from './content-api/engine'
import { migrateTwoLanguages } from './content-api/migrations/two-languages'
import type { Env } from './env'
import { listenOn, listenWithAcceptWatchers, type AcceptWatchers } from './http/accept-watchers'
import { capClientConnections, clientConnections, type ClientConnections } from './http/client-connections'
import { createHttpsFront, DEFAULT_FRONT_LIMITS, type HttpsFront } from './http/https-front'
import { applyServerTimeouts, SERVER_TIMEOUT_OPTIONS } from './http/request-timeouts'
import { listenFailure } from './start-up-claims'
import { loadTlsCredentials } from './http/tls-certificate'
import type { Logger } from './logger'
import { createNewsletter } from './newsletter/create-newsletter'
import { noAreas } from './newsletter/subscriber-preferences'
import { contentAreaCatalog } from './show-alerts/area-catalog'
import { createShowAlerts, type ShowAlerts } from './show-alerts/create-show-alerts'
import { embeddedSiteContent, sanitySiteContent } from './page-cache/site-content'
import { createDraftMode } from './preview/draft-mode'
import { issuePreviewToken } from './preview/preview-token'
import { createDevRenderer, createProdRenderer, type Renderer } from './ssr/renderer'
import { youtubeThumbnailRouter } from './youtube/youtube-thumbnail-router'
import { createYouTubeThumbnails } from './youtube/youtube-thumbnails'
import { YOUTUBE_THUMBNAILS_PATH } from '../web/src/lib/youtube-contract'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** HTTPS + HTTP/2 for the Studio (ADR 050): a front that proxies to the plain server. */
async function startHttpsFront(
  env: Env,
  server: Server,
  connections: ClientConnections,
  logger: Logger,
): Promise<HttpsFront> {
  const tls = await loadTlsCredentials({
    certPath: env.TLS_CERT,
    keyPath: env.TLS_KEY,
    dataDir: env.DATA_DIR,
  })
  const front = createHttpsFront({
    cert: tls.cert,
    key: tls.key,
    app: server,
    logger,
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_S * 1000,
    limits: {
      ...DEFAULT_FRONT_LIMITS,
      maxStreams: env.HTTP2_MAX_STREAMS,
      maxStreamsPerClient: env.HTTP2_MAX_STREAMS_PER_CLIENT,
      streamIdleMs: env.HTTP2_STREAM_IDLE_S * 1000,
    },
    connections,
  })
  const address = { port: env.HTTPS_PORT, host: env.HOST }
  await listenOn(front.server, address).catch((error: unknown) => {
    throw listenFailure('HTTPS_PORT', address, error)
  })
  logger.info(
    { port: env.HTTPS_PORT, certificate: tls.source },
    `listening on https://localhost:${env.HTTPS_PORT} (HTTP/2; the Studio is at /admin)`,
  )
  return front
}

/** The plain HTTP port; a port taken since start-up's check fails the start as it would have then. */
async function listenPlain(env: Env, server: Server, logger: Logger): Promise<AcceptWatchers> {
  const address = { port: env.PORT, host: env.HOST }
  const acceptWatchers = await listenWithAcceptWatchers(
    server,
    address,
    env.HTTP_ACCEPT_WATCHERS,
    logger,
  ).catch((error: unknown) => {
    throw listenFailure('PORT', address, error)
  })
  const port = (server.address() as AddressInfo).port
  logger.info(
    { port, mode: env.NODE_ENV, acceptWatchers: acceptWatchers.count },
    `listening on http://localhost:${port}`,
  )
  return acceptWatchers
}

/** The content store, its GROQ workers and the embedded content API, with the seed content on first start. */
async function openContent(env: Env, logger: Logger) {
  const contentStore = new ContentStore({
    file: path.join(env.DATA_DIR, 'content.sqlite'),
    datasets: env.SANITY_DATASET ? [env.SANITY_DATASET] : [],
    maxDocumentDepth: env.JSON_MAX_DEPTH,
  })
  // GROQ runs in worker threads, off the event loop that serves pages (ADR 080).
  const queryPool = new QueryPool({
    threads: env.QUERY_WORKERS,
    memoryMb: env.QUERY_WORKER_MEMORY_MB,
    maxWaiting: env.QUERY_MAX_WAITING,
    reservedThreads: env.QUERY_RESERVED_WORKERS,
  })
  await queryPool.ready()
  const contentApi = await createEmbeddedContentApi({
    env,
    store: contentStore,
    logger,
    contentApiOptions: { queryPool },
  })
  const siteDataset = env.SANITY_DATASET ?? 'production'
  // First start: an empty dataset gets the seed content. A failing seed is logged, never fatal.
  await seedIfEmpty(contentStore, siteDataset, path.join(root, 'content', 'seed'), contentApi.assetImporter)
    .then((result) => result && logger.info({ dataset: siteDataset, ...result }, 'imported seed content'))
    .catch((err: unknown) => logger.error({ err, dataset: siteDataset }, 'seed import failed'))
  // Content of an older release moves to this release's shape before the site reads it (ADR 193).
  await migrateTwoLanguages(contentStore, siteDataset).then(
    (changed) =>
      changed > 0 && logger.info({ dataset: siteDataset, changed }, 'content moved to two languages'),
  )
  return { contentStore, queryPool, contentApi }
}

type Running = {
  logger: Logger
  server: Server
  acceptWatchers: AcceptWatchers
  httpsFront: HttpsFront | undefined
  contentStore: ContentStore
  app: ReturnType<typeof createApp>
  renderer: Renderer
  newsletter: Awaited<ReturnType<typeof createNewsletter>>
  showAlerts: ShowAlerts | undefined
  queryPool: QueryPool
  contentApi: Awaited<ReturnType<typeof createEmbeddedContentApi>>
}

/** Finishes in-flight requests and closes everything on SIGTERM or SIGINT, then exits. */
function shutdownHandler(running: Running) {
  const {
    logger,
    server,
    acceptWatchers,
    httpsFront,
    contentStore,
    app,
    renderer,
    newsletter,
    showAlerts,
    queryPool,
    contentApi,
  } = running
  let stopping = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'shutting down')
    // Finish in-flight requests, end the streams, close each connection once it is idle, and give up after 10 s.
    const force = setTimeout(() => {
      logger.warn('forced shutdown after 10 s')
      process.exit(1)
    }, 10_000)
    force.unref()
    const plainClosed = Promise.all([
      acceptWatchers.close(),
      new Promise<void>((resolve) => server.close(() => resolve())),
    ])
    // A kept-alive connection whose request (or stream) ends during shutdown would wait for a next request
    // that never comes (up to PROXY_KEEP_ALIVE_TIMEOUT_MS): answers say so, and connections are closed as soon as idle.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'))
    const closeIdle = setInterval(() => server.closeIdleConnections(), 50)
    closeIdle.unref()
    // Listener and live event streams never go idle; end them so the close can complete.
    contentStore.endStreams()
    app.pages.close()
    void Promise.all([plainClosed, httpsFront?.close()]).then(async () => {
      await renderer.close()
      await showAlerts?.close()
      await newsletter.close()
      await queryPool.close()
      contentApi.close()
      contentStore.close()
      logger.info('stopped')
      process.exit(0)
    })
  }
  return shutdown
}

/** YouTube thumbnails served from the site (ADR 130), kept in DATA_DIR. */
function youtubeThumbnailsFor(env: Env, logger: Logger) {
  return createYouTubeThumbnails({
    dir: path.join(env.DATA_DIR, 'youtube-thumbnails'),
    upstream: env.YOUTUBE_THUMBNAIL_ORIGIN === 'off' ? undefined : env.YOUTUBE_THUMBNAIL_ORIGIN,
    logger,
  })
}

/** The Studio's preview (ADR 160): drafts read with a viewer token only the server holds. */
function draftModeFor(
  env: Env,
  contentApi: Awaited<ReturnType<typeof createEmbeddedContentApi>>,
  port: () => number,
) {
  return createDraftMode({
    content: publicConfigFrom(env).content,
    token: env.SANITY_PROJECT_ID ? env.SANITY_VIEWER_TOKEN : issuePreviewToken(contentApi.accounts.apiTokens),
    loopbackApiUrl: () => `http://127.0.0.1:${port()}/content`,
  })
}

/**
 * The newsletter and its show alerts. Subscriber admin: Studio users and API tokens of the embedded content API
 * (editor and up); in Sanity cloud mode, where Studio users are Sanity accounts, only NEWSLETTER_ADMIN_TOKEN.
 * Show alerts watch the embedded store's commits; with Sanity's API there are none to watch (ADR 190).
 */
async function openNewsletter(
  env: Env,
  logger: Logger,
  clock: ReturnType<typeof createClock>,
  content: {
    contentStore: ContentStore
    contentApi: Awaited<ReturnType<typeof createEmbeddedContentApi>>
    reader: Parameters<typeof bandNameFrom>[0]
  },
) {
  const bandName = bandNameFrom(content.reader, logger)
  const cloud = Boolean(env.SANITY_PROJECT_ID)
  const dataset = env.SANITY_DATASET ?? 'production'
  const areas = cloud ? noAreas : contentAreaCatalog(content.contentStore, dataset)
  const authenticate = cloud ? undefined : content.contentApi.authenticate
  const newsletter = await createNewsletter({
    env,
    logger,
    clock,
    authenticate,
    bandName,
    areas,
    preferencesPage: !cloud,
  })
  const showAlerts = cloud
    ? undefined
    : await createShowAlerts({
        env,
        logger,
        clock,
        content: content.contentStore,
        dataset,
        repo: newsletter.repo,
        tokens: newsletter.tokens,
        bandName,
        areas,
        authenticate,
      })
  // The alerts' preferences page and admin view first: the newsletter's admin router answers 404 for paths it lacks.
  const newsletterRouter = showAlerts ? Router().use(showAlerts.router, newsletter.router) : newsletter.router
  return { newsletter, showAlerts, newsletterRouter }
}

/**
 * The server, once server/index.ts holds the data dir and has found its ports free: the content store, the
 * renderer, the newsletter and the app, listening on PORT (and HTTPS_PORT), stopped by SIGTERM or SIGINT.
 */
export async function serve(env: Env, logger: Logger): Promise<void> {
  const clock = createClock(env)
  const server = createServer(SERVER_TIMEOUT_OPTIONS)
  applyServerTimeouts(server, {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_S * 1000,
    keepAliveMs: env.HTTP_KEEP_ALIVE_S * 1000,
  })
  // One share of connections per client address on both ports; trusted proxies (loopback) are not held to it.
  const connections = clientConnections({ maxPerClient: env.HTTP_MAX_CONNECTIONS_PER_CLIENT })
  capClientConnections(server, connections)

  const renderer =
    env.NODE_ENV === 'development' ? await createDevRenderer(root, server) : await createProdRenderer(root)

  const { contentStore, queryPool, contentApi } = await openContent(env, logger)

  // Pages are rendered once per content revision (ADR 090): from the store in-process, or from Sanity's API.
  const content = publicConfigFrom(env).content
  const siteContent = env.SANITY_PROJECT_ID
    ? sanitySiteContent(content, { logger })
    : embeddedSiteContent(contentStore, content)
  const { newsletter, showAlerts, newsletterRouter } = await openNewsletter(env, logger, clock, {
    contentStore,
    contentApi,
    reader: siteContent.reader,
  })
  let loopbackPort: number | undefined
  const portForLoopback = () => (loopbackPort ??= (server.address() as AddressInfo | null)?.port) ?? env.PORT
  const app = createApp({
    env,
    logger,
    clock,
    renderer,
    siteContent,
    routers: {
      '/content': contentApi.router,
      '/api/newsletter': newsletterRouter,
      [YOUTUBE_THUMBNAILS_PATH]: youtubeThumbnailRouter(youtubeThumbnailsFor(env, logger)),
    },
    draftMode: draftModeFor(env, contentApi, portForLoopback),
    // Asked on every page request; the port never changes once the server listens.
    loopbackPort: portForLoopback,
  })
  server.on('request', app)
  // No WebSocket here: the Studio's socket is answered in the page (ADR 103). With no 'upgrade' listener Node
  // passes upgrade requests to the app as ordinary requests (404, and the connection closed); in development
  // Vite listens for its own HMR upgrades.
  const acceptWatchers = await listenPlain(env, server, logger)

  const httpsFront = env.HTTPS_PORT ? await startHttpsFront(env, server, connections, logger) : undefined

  const shutdown = shutdownHandler({
    logger,
    server,
    acceptWatchers,
    httpsFront,
    contentStore,
    app,
    renderer,
    newsletter,
    showAlerts,
    queryPool,
    contentApi,
  })
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}
