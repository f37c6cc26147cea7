import type { Router } from 'express'
import { createApp, type AppDeps } from '../app'
import { createClock } from '../clock'
import { parseEnv, type Env } from '../env'
import { createLogger } from '../logger'
import type { Renderer } from '../ssr/renderer'

/** An app with test defaults: silent logs, NODE_ENV=test. Pass overrides for what a test cares about. */
export function createTestApp(
  options: {
    env?: Partial<Record<keyof Env, string>>
    renderer?: Renderer
    routers?: Record<string, Router>
    siteContent?: AppDeps['siteContent']
    pageCacheLimits?: AppDeps['pageCacheLimits']
    draftMode?: AppDeps['draftMode']
  } = {},
): ReturnType<typeof createApp> {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  return createApp({
    env,
    logger: createLogger(env),
    clock: createClock(env),
    renderer: options.renderer,
    routers: options.routers,
    siteContent: options.siteContent,
    pageCacheLimits: options.pageCacheLimits,
    draftMode: options.draftMode,
  })
}
