import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from '../logger'
import { batchedRequestLog, type RequestLogOptions } from './batched-request-log'
import { redactUrl } from './redact'

declare module 'node:http' {
  interface IncomingMessage {
    /** The request's id, echoed to the client as `x-request-id` and on its log line. */
    id: string
    /** A logger whose lines carry the request (`req`: id, method, redacted url), for the error handlers. */
    log: Logger
  }
}

/** The caller's `x-request-id` when it is a plausible id, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
}

const withLazyLog = new WeakSet<object>()

/**
 * `req.log` on the app's request prototype (once per app): a child logger made the first time a request logs
 * through it (the error handlers) and kept on that request. A child serialises its bindings when it is made,
 * which cost more per stored page than most middleware did (pino-http made two per request; ADR 090).
 */
function lazyLogOn(prototype: object, logger: Logger) {
  if (withLazyLog.has(prototype)) return
  withLazyLog.add(prototype)
  Object.defineProperty(prototype, 'log', {
    configurable: true,
    get(this: IncomingMessage & { originalUrl?: string }) {
      const log = logger.child({
        req: { id: this.id, method: this.method, url: redactUrl(this.originalUrl ?? this.url ?? '') },
      })
      Object.defineProperty(this, 'log', { configurable: true, writable: true, value: log })
      return log
    },
  })
}

/**
 * One structured line per request: method, url, status, duration and a request id echoed to the client,
 * written by http/batched-request-log.ts, every line of one event-loop turn in one write (ADR 090).
 * `req.log` is made only when something logs through it (`lazyLogOn`). Under a flood the lines are capped
 * per second (`options.linesPerSecond`) and the rest counted on a summary line.
 */
export function requestLogger(logger: Logger, options: RequestLogOptions = {}): RequestHandler {
  const lines = batchedRequestLog(logger, {}, options)
  return (req, res, next) => {
    const id = requestIdOf(req)
    req.id = id
    res.setHeader('x-request-id', id)
    lazyLogOn(Object.getPrototypeOf(req) as object, logger)
    // Health checks every few seconds would drown the log.
    if (req.url === '/healthz') return next()
    const started = performance.now()
    res.once('close', () =>
      lines.write({
        id,
        method: req.method,
        url: req.originalUrl,
        statusCode: res.statusCode,
        responseTime: Math.round(performance.now() - started),
      }),
    )
    next()
  }
}
