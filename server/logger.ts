import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import type { Env } from './env'
import { redactText } from './http/redact'
import { redactFields } from './http/redact-fields'

export type { Logger }

/**
 * One JSON logger for the process; request logs are children of it (see http/request-logger.ts). E-mail
 * addresses, tokens and sids are redacted from fields and messages (http/redact.ts).
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: env.LOG_LEVEL,
    base: { service: 'band-site' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: {
      log: redactFields,
    },
    hooks: {
      // Messages are text too: an address or a secret written into one is replaced as well.
      logMethod(args, method) {
        const redacted = args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg))
        method.apply(this, redacted as Parameters<typeof method>)
      },
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
