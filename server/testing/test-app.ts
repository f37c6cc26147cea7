import type { Express, Router } from 'express'
import { createApp } from '../app'
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
  } = {},
): Express {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env })
  return createApp({
    env,
    logger: createLogger(env),
    clock: createClock(env),
    renderer: options.renderer,
    routers: options.routers,
  })
}
