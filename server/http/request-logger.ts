import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { pinoHttp } from 'pino-http'
import type { Logger } from '../logger'
import { redactUrl } from './redact'

/** The caller's `x-request-id` when it is a plausible id, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id']
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
}

/** One structured line per request: method, url, status, duration and a request id echoed to the client. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestIdOf(req)
      res.setHeader('x-request-id', id)
      return id
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Health checks every few seconds would drown the log.
    autoLogging: { ignore: (req) => req.url === '/healthz' },
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
}
