import compression from 'compression'
import express, { type Express, type Request, type Router } from 'express'
import { contentConfigFor, type PublicConfig } from '../web/src/config/public-config'
import type { Clock } from './clock'
import type { Env } from './env'
import { adminHttpsRedirect } from './http/admin-https-redirect'
import { apiNotFound, errorHandler } from './http/error-handler'
import { hostAllowList, hostPolicyFrom } from './http/public-origin'
import { requestLogger } from './http/request-logger'
import { bodyTimeout } from './http/request-timeouts'
import { securityHeaders } from './http/security-headers'
import { staticAssets } from './http/static-assets'
import { transportHeaders } from './http/transport-headers'
import type { Logger } from './logger'
import { createContentClient, type ContentClient } from '../web/src/lib/content-client'
import { PREVIEW_MOUNT_PATH } from '../web/src/lib/preview/preview-contract'
import { createPageResponses, type PageResponses } from './page-cache/page-responses'
import type { SiteContent } from './page-cache/site-content'
import { contentViewOf, contentViews } from './preview/content-view'
import type { DraftMode } from './preview/draft-mode'
import { createSeoRouter } from './seo/seo-router'
import type { Renderer } from './ssr/renderer'
import { ssrHandler } from './ssr/ssr-handler'

export type AppDeps = {
  env: Env
  logger: Logger
  clock: Clock
  /** Renders pages; absent in API-only tests. */
  renderer?: Renderer
  /** Routers mounted before the page handler, e.g. `{ '/api/newsletter': router }`. */
  routers?: Record<string, Router>
  /**
   * The plain-HTTP port this process listens on, for page renders that read the embedded content API over
   * loopback. Default: the port the request came in on.
   */
  loopbackPort?: () => number
  /**
   * Where page renders read content in-process and how they learn of changes: with it, pages and feeds are
   * rendered once per content revision and kept (ADR 090, not in development). Without it, every request
   * renders and reads the content API over loopback (or Sanity's API CDN).
   */
  siteContent?: SiteContent
  /** Draft preview for the Studio's Presentation tool (ADR 160); absent: no draft mode. */
  draftMode?: DraftMode
  /** Page cache limits (tests). */
  pageCacheLimits?: { maxBytes?: number; maxNotFound?: number }
}

/** What the browser needs to know about the deployment; everything here is public. */
export function publicConfigFrom(env: Env): PublicConfig {
  return {
    gaMeasurementId: env.GA_MEASUREMENT_ID,
    siteUrl: env.SITE_URL,
    content: contentConfigFor({ sanityProjectId: env.SANITY_PROJECT_ID, dataset: env.SANITY_DATASET }),
  }
}

/** Builds the Express app without listening, so tests can drive it with supertest or on port 0. */
export function createApp(deps: AppDeps): Express & { pages: PageResponses } {
  const { env, logger, clock, routers = {} } = deps
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')

  const hostPolicy = hostPolicyFrom(env)
  const security = securityHeaders({
    isDev: env.NODE_ENV === 'development',
    analytics: !!env.GA_MEASUREMENT_ID,
  })
  const pages = pageResponsesFor(deps)

  // What every response gets, a page from the page cache (ADR 090) as much as a new render: its headers, host
  // check, request id and log line are set here and nowhere else. A stored page is answered right after it
  // (`pages.stored`); a header added further down reaches new renders only, and
  // server/page-cache/header-parity.test.ts fails.
  app.use(
    // Before anything builds a URL or a redirect from the Host header (ADR 086).
    hostAllowList(hostPolicy),
    transportHeaders,
    requestLogger(logger, { linesPerSecond: env.LOG_REQUESTS_PER_SECOND }),
    security,
  )
  // Whether the request reads published content or a draft session's view, decided once for every handler
  // below; a draft view never gets a stored page (nor stores one, ssr-handler.ts; ADR 160).
  const { draftMode } = deps
  app.use(
    contentViews({ published: publishedReaderFor(deps), drafts: draftMode?.drafts }),
    (req, res, next) =>
      contentViewOf(req).cachePolicy === 'private' ? next() : pages.stored(req, res, next),
  )

  app.use(bodyTimeout({ ms: env.HTTP_BODY_TIMEOUT_S * 1000 }))
  app.use(compression())

  app.use(adminHttpsRedirect(env.HTTPS_PORT, hostPolicy.siteUrl))

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', time: clock.now().toISOString() })
  })

  for (const [mountPath, router] of Object.entries(routers)) app.use(mountPath, router)
  if (draftMode) app.use(PREVIEW_MOUNT_PATH, draftMode.router)
  app.use('/api', apiNotFound)

  mountPageRoutes(app, deps, pages)

  app.use(errorHandler)
  return Object.assign(app, { pages })
}

/** Pages and feeds are rendered once per content revision and kept, except in development (ADR 090). */
function siteContentFor(deps: AppDeps): SiteContent | undefined {
  return deps.env.NODE_ENV === 'development' ? undefined : deps.siteContent
}

function pageResponsesFor(deps: AppDeps): PageResponses {
  const { env, logger, clock, renderer } = deps
  const siteContent = siteContentFor(deps)
  return createPageResponses({
    clock,
    logger,
    siteUrl: env.SITE_URL,
    changes: siteContent?.changes,
    nextScheduled: siteContent?.nextScheduled,
    nextDateChange: siteContent?.nextDateChange,
    reader: siteContent?.reader,
    policyFor: renderer?.cachePolicy,
    limits: { maxBytes: env.PAGE_CACHE_MB * 1024 * 1024, ...deps.pageCacheLimits },
  })
}

/**
 * How a request reads published content: the content store in-process when pages are kept (ADR 090); else,
 * with a Sanity project, the same API CDN as the browser, or the embedded content API over loopback (the public
 * URL `/content` is relative, and the Host header is the client's to choose).
 */
function publishedReaderFor(deps: AppDeps): (req: Request) => ContentClient {
  const { env, loopbackPort } = deps
  const siteContent = siteContentFor(deps)
  if (siteContent) return () => siteContent.reader
  const content = publicConfigFrom(env).content
  if (env.SANITY_PROJECT_ID) {
    const cdn = createContentClient(content)
    return () => cdn
  }
  return (req) =>
    createContentClient({
      ...content,
      apiUrl: `http://127.0.0.1:${loopbackPort?.() ?? req.socket.localPort}/content`,
    })
}

/** The SEO files, the static assets and the server-rendered pages: everything after the API routers. */
function mountPageRoutes(app: Express, deps: AppDeps, pages: PageResponses): void {
  const { env, clock, renderer } = deps
  const publicConfig = publicConfigFrom(env)
  // Feeds read published content whoever asks, a draft session too (ADR 160).
  app.use(createSeoRouter({ clock, pages, contentClientFor: publishedReaderFor(deps) }))

  // Browsers ask for /favicon.ico by themselves (the Studio's pages, feed readers): the site's icon is an SVG.
  app.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'))
  if (renderer?.middleware) app.use(renderer.middleware)
  if (renderer?.clientDir) app.use(staticAssets(renderer.clientDir))
  if (renderer) {
    app.use(
      ssrHandler({
        renderer,
        publicConfig,
        clock,
        pages,
        draftMode: deps.draftMode,
      }),
    )
  }
}
