import type { IncomingMessage, ServerResponse } from 'node:http'
import { requestIdOf } from '../http/request-logger'
import type { Logger } from '../logger'
import type { PageCache } from './page-cache'
import type { RequestKey } from './request-key'
import { sendRendition } from './send-rendition'

/**
 * Answers a GET or HEAD for a stored page and returns true, else false. It runs before Express (index.ts) or as
 * the first middleware, so it sets the request id and writes the log line itself, with the fields of
 * http/request-logger.ts; the security headers were collected when the page was rendered (ADR 090).
 */
export function fastAnswer({
  keyOf,
  cache,
  logger,
}: {
  keyOf: (req: IncomingMessage) => RequestKey
  cache: PageCache
  logger: Logger
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const started = performance.now()
    const { key, cacheable } = keyOf(req)
    const rendition = cacheable ? cache.get(key) : undefined
    if (!rendition) return false
    const id = requestIdOf(req)
    let statusCode: number
    try {
      statusCode = sendRendition(req, res, rendition, ['x-request-id', id])
    } catch (err) {
      // Outside Express a throw would reach the HTTP server's event emitter and end the process.
      logger.error({ err, req: { id, method: req.method, url: req.url } }, 'cached page could not be sent')
      if (!res.headersSent) return false
      res.destroy()
      return true
    }
    logger[statusCode >= 400 ? 'warn' : 'info'](
      {
        req: { id, method: req.method, url: req.url },
        res: { statusCode },
        responseTime: Math.round(performance.now() - started),
        pageCache: 'hit',
      },
      'request completed',
    )
    return true
  }
}
