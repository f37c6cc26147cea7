import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino'
import type { Env } from './env'
import { redactText } from './http/redact'
import { redactFields } from './http/redact-fields'

export type { Logger }

/** Each logger `createLogger` made, and the stream its lines go to. */
const destinations = new WeakMap<Logger, DestinationStream>()

/**
 * One JSON logger for the process; request logs are children of it (see http/request-logger.ts). E-mail
 * addresses, tokens and sids are redacted from fields and messages (http/redact.ts).
 */
export function createLogger(
  env: Pick<Env, 'LOG_LEVEL' | 'NODE_ENV'>,
  // pino's own default: standard output through sonic-boom.
  destination: DestinationStream = pino.destination(1),
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
  const logger = pino(options, destination)
  destinations.set(logger, destination)
  return logger
}

/**
 * The stream every line of `logger` (made by `createLogger`, not a child of it) goes to, for a writer that
 * formats its own lines into the same log (http/batched-request-log.ts).
 */
export function destinationOf(logger: Logger): DestinationStream {
  const destination = destinations.get(logger)
  if (!destination) throw new Error('destinationOf: a logger made by createLogger, not a child of it')
  return destination
}
