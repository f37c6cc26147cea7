import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Request, RequestHandler, Response } from 'express'
import { isLoopback } from './request-protocol'

/**
 * Time limits on receiving requests (ADR 080). Node's own `headersTimeout` ends a connection whose request
 * headers have not all arrived; bodies get the middleware below instead of Node's `requestTimeout`, which is
 * one value for the whole server and would cut a signed-in editor's slow video upload. Responses are never
 * timed: listener streams (SSE) stay open by design.
 */
export const SERVER_TIMEOUT_OPTIONS = {
  // How often Node checks headersTimeout; its default (30 s) would let a silent client stay 40 s.
  connectionsCheckingInterval: 1000,
}

/**
 * How long an idle keep-alive connection from a trusted proxy stays open. Node's default (5 s) is shorter than
 * the idle pool of a reverse proxy in front (Caddy keeps upstream connections 2 minutes, ADR 110): the proxy
 * would now and then send a request into a connection the server is closing, and the visitor would get a 502.
 * Outliving the proxy leaves the close to it.
 */
export const PROXY_KEEP_ALIVE_TIMEOUT_MS = 130_000

/**
 * How long an idle keep-alive connection from any other client stays open: long enough for a page's next
 * request, short enough that idle connections from one host do not pile up (issue 36). `HTTP_KEEP_ALIVE_S`.
 */
export const CLIENT_KEEP_ALIVE_TIMEOUT_MS = 10_000

/**
 * How long the rest of a body may take after the server has answered without reading it: a refused Host (400),
 * a declared size over the limit (413), a type the endpoint does not take (415). Node keeps such a connection for
 * the next request and first reads the rest of the body, for as long as the client takes; the body deadline below
 * ends with the answer. A client that sends its body on is drained in time and keeps its connection; one whose body
 * is not coming is closed. Its answer went out first, so it has read why.
 */
export const EARLY_ANSWER_DRAIN_MS = 2_000

export function applyServerTimeouts(
  server: Server,
  {
    headersTimeoutMs,
    drainMs = EARLY_ANSWER_DRAIN_MS,
    keepAliveMs = CLIENT_KEEP_ALIVE_TIMEOUT_MS,
    proxyKeepAliveMs = PROXY_KEEP_ALIVE_TIMEOUT_MS,
    isTrustedProxy = isLoopback,
  }: {
    headersTimeoutMs: number
    drainMs?: number
    keepAliveMs?: number
    proxyKeepAliveMs?: number
    isTrustedProxy?: (address: string) => boolean
  },
): void {
  server.headersTimeout = headersTimeoutMs
  server.requestTimeout = 0
  server.keepAliveTimeout = keepAliveMs
  // First of the request listeners, so the app's answer carries the header.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const { socket } = req
    if (socket.remoteAddress && isTrustedProxy(socket.remoteAddress)) {
      // Node arms its keep-alive timer when the answer has gone (a 'finish' listener added before this one);
      // a proxy's connection gets the longer time. A connection that is closing has no timer to lengthen.
      res.once('finish', () => {
        if (socket.timeout) socket.setTimeout(proxyKeepAliveMs)
      })
    }
    // No WebSocket is accepted here (ADR 103): an upgrade request gets an ordinary answer (404, or 400 for a
    // refused Host), after which a WebSocket client has nothing more to send.
    if (req.headers.upgrade && !res.headersSent) res.setHeader('Connection', 'close')
    res.once('finish', () => {
      if (req.complete) return
      setTimeout(() => {
        if (!req.complete) req.socket.destroy()
      }, drainMs).unref()
    })
  })
}

/** `extendBy(ms)`: the deadline becomes the base deadline plus `ms`, counted from the request's arrival. */
type BodyDeadline = { extendBy: (ms: number) => void }

declare module 'express-serve-static-core' {
  interface Locals {
    bodyDeadline?: BodyDeadline
  }
}

function declaresBody(req: Request): boolean {
  const length = Number(req.headers['content-length'] ?? 0)
  return length > 0 || req.headers['transfer-encoding'] !== undefined
}

function answerTimeout(req: Request, res: Response, seconds: number): void {
  if (!res.headersSent) {
    const description = `The request body did not arrive within ${seconds} s`
    // Sanity's error shape, which also carries the `message` the site's own APIs answer with.
    res
      .status(408)
      .set('Connection', 'close')
      .json({ error: { type: 'requestTimeout', description }, message: description, statusCode: 408 })
  }
  res.once('finish', () => req.socket.destroy())
  if (res.writableFinished) req.socket.destroy()
}

/**
 * A request that declares a body must deliver all of it within `ms`, or it gets 408 and its connection is
 * closed. A route that expects large bodies from trusted callers (uploads) extends the deadline.
 */
export function bodyTimeout({ ms }: { ms: number }): RequestHandler {
  return (req, res, next) => {
    if (req.complete || !declaresBody(req)) return next()
    const arrived = Date.now()
    let timer: NodeJS.Timeout | undefined
    const arm = (deadlineMs: number) => {
      clearTimeout(timer)
      timer = setTimeout(
        () => {
          if (!req.complete) answerTimeout(req, res, Math.round(deadlineMs / 1000))
        },
        Math.max(0, arrived + deadlineMs - Date.now()),
      )
      timer.unref()
    }
    arm(ms)
    const clear = () => clearTimeout(timer)
    req.once('end', clear)
    res.once('close', clear)
    res.locals.bodyDeadline = { extendBy: (extra) => arm(ms + extra) }
    next()
  }
}

/**
 * For uploads: the body deadline grows with the declared size (or `maxBytes` when none is declared) at
 * `minBytesPerSecond`, a slow home uplink. Only mount it after authentication.
 */
export function allowSlowBody({
  minBytesPerSecond,
  maxBytes,
}: {
  minBytesPerSecond: number
  maxBytes: number
}): RequestHandler {
  return (req, res, next) => {
    const declared = Number(req.headers['content-length'] ?? 0)
    const bytes = Math.min(declared > 0 ? declared : maxBytes, maxBytes)
    res.locals.bodyDeadline?.extendBy(Math.ceil((bytes / minBytesPerSecond) * 1000))
    next()
  }
}
