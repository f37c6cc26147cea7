import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { RequestHandler } from 'express'
import { pinoHttp } from 'pino-http'
import type { Logger } from '../logger'
import { batchedRequestLog } from './batched-request-log'
import { redactUrl } from './redact'

/** The caller's `x-request-id` when it is a plausible id, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
}

/**
 * One structured line per request: method, url, status, duration and a request id echoed to the client.
 * pino-http gives each request its id and `req.log` (the error handlers log through it); the line itself is
 * written by http/batched-request-log.ts, every line of one event-loop turn in one write: through pino, a line
 * cost more than answering a stored page (ADR 090).
 */
export function requestLogger(logger: Logger): RequestHandler[] {
  const lines = batchedRequestLog(logger)
  const ids = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestIdOf(req)
      res.setHeader('x-request-id', id)
      return id
    },
    autoLogging: false,
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        // Confirm/unsubscribe tokens, sids and e-mail addresses in query strings stay out of the log.
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  })
  const line: RequestHandler = (req, res, next) => {
    // Health checks every few seconds would drown the log.
    if (req.url === '/healthz') return next()
    const started = performance.now()
    res.once('close', () =>
      lines.write({
        id: String(req.id),
        method: req.method,
        url: req.originalUrl,
        statusCode: res.statusCode,
        responseTime: Math.round(performance.now() - started),
      }),
    )
    next()
  }
  return [ids, line]
}
