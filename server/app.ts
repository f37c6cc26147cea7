import compression from 'compression'
import express, { type Express, type Request, type Router } from 'express'
import { contentConfigFor, type PublicConfig } from '../web/src/config/public-config'
import type { Clock } from './clock'
import type { Env } from './env'
import { adminHttpsRedirect } from './http/admin-https-redirect'
import { apiNotFound, errorHandler } from './http/error-handler'
import { requestLogger } from './http/request-logger'
import { securityHeaders } from './http/security-headers'
import { staticAssets } from './http/static-assets'
import type { Logger } from './logger'
import { createContentClient } from '../web/src/lib/content-client'
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
export function createApp({ env, logger, clock, renderer, routers = {}, loopbackPort }: AppDeps): Express {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', 'loopback')

  app.use(securityHeaders({ isDev: env.NODE_ENV === 'development' }))
  app.use(requestLogger(logger))
  app.use(compression())

  app.use(adminHttpsRedirect(env.HTTPS_PORT))

  app.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok', time: clock.now().toISOString() })
  })

  for (const [mountPath, router] of Object.entries(routers)) app.use(mountPath, router)
  app.use('/api', apiNotFound)

  const publicConfig = publicConfigFrom(env)
  // With a Sanity project the server reads the same API CDN as the browser; else the embedded content API
  // over loopback (the public URL `/content` is relative, and the Host header is the client's to choose).
  const contentApiUrl = env.SANITY_PROJECT_ID
    ? undefined
    : (req: Request) => `http://127.0.0.1:${loopbackPort?.() ?? req.socket.localPort}/content`
  app.use(
    createSeoRouter({
      siteUrl: env.SITE_URL,
      clock,
      contentClientFor: (req) =>
        createContentClient({
          ...publicConfig.content,
          apiUrl: contentApiUrl?.(req) ?? publicConfig.content.apiUrl,
        }),
    }),
  )

  if (renderer?.middleware) app.use(renderer.middleware)
  if (renderer?.clientDir) app.use(staticAssets(renderer.clientDir))
  if (renderer) {
    app.use(
      ssrHandler({
        renderer,
        publicConfig,
        siteUrl: env.SITE_URL,
        clock,
        contentApiUrl,
      }),
    )
  }

  app.use(errorHandler)
  return app
}
