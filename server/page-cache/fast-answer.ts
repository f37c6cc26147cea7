import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BatchedRequestLog } from '../http/batched-request-log'
import { isAllowedHost, type HostPolicy } from '../http/public-origin'
import { requestIdOf } from '../http/request-logger'
import { transportHeaderList } from '../http/transport-headers'
import type { Logger } from '../logger'
import type { PageCache } from './page-cache'
import { requestProtocol, type RequestKey } from './request-key'
import { sendRendition } from './send-rendition'

/**
 * Answers a GET or HEAD for a stored page and returns true, else false. It runs before Express (index.ts) and
 * as the app's first middleware, so it does what the app's first middleware would: a Host header the app does
 * not serve is left to it (400), the transport headers and the request id are added, and the request is logged
 * (http/batched-request-log.ts, the fields of http/request-logger.ts). The security headers were collected when
 * the page was rendered (ADR 090).
 */
export function fastAnswer({
  keyOf,
  cache,
  logger,
  requestLog,
  hostPolicy,
}: {
  keyOf: (req: IncomingMessage) => RequestKey
  cache: PageCache
  logger: Logger
  requestLog: BatchedRequestLog
  hostPolicy: HostPolicy
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const started = performance.now()
    const host = req.headers.host
    if (!isAllowedHost(host, hostPolicy)) return false
    const { key, cacheable } = keyOf(req)
    const rendition = cacheable ? cache.get(key) : undefined
    if (!rendition) return false
    const id = requestIdOf(req)
    const transport = transportHeaderList(requestProtocol(req) === 'https', host)
    let statusCode: number
    try {
      statusCode = sendRendition(req, res, rendition, [...transport, 'x-request-id', id])
    } catch (err) {
      // Outside Express a throw would reach the HTTP server's event emitter and end the process.
      logger.error({ err, req: { id, method: req.method, url: req.url } }, 'cached page could not be sent')
      if (!res.headersSent) return false
      res.destroy()
      return true
    }
    requestLog.write({
      id,
      method: req.method,
      url: req.url ?? '/',
      statusCode,
      responseTime: Math.round(performance.now() - started),
    })
    return true
  }
}
