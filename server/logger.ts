import { pino, type Logger } from 'pino'
import type { Env } from './env'

export type { Logger }

/** One JSON logger for the process; request logs are children of it (see http/request-logger.ts). */
export function createLogger(env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service: 'band-site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  })
}
