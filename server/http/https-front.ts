import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http'
import {
  createSecureServer,
  type Http2SecureServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type ServerHttp2Session,
} from 'node:http2'
import net, { type AddressInfo, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Logger } from '../logger'
import { SERVER_TIMEOUT_OPTIONS } from './request-timeouts'

export type HttpsFront = {
  server: Http2SecureServer
  /** Stops accepting connections, ends HTTP/2 sessions gracefully and resolves when all are closed. */
  close: () => Promise<void>
}

const IDLE_SESSION_MS = 60_000

/** Connection-specific headers: meaningless across the proxy, and forbidden in HTTP/2 responses. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'host',
])

/** The loopback address that reaches a server listening on `address` (0.0.0.0 and :: are "any"). */
export function loopbackTarget(address: AddressInfo): { host: string; port: number } {
  const host =
    address.address === '0.0.0.0' || address.address === ''
      ? '127.0.0.1'
      : address.address === '::'
        ? '::1'
        : address.address
  return { host, port: address.port }
}

/** Request headers for the backend: pseudo-headers and hop-by-hop headers dropped, forwarding added. */
export function forwardedRequestHeaders(
  headers: IncomingHttpHeaders,
  { authority, remoteAddress }: { authority: string | undefined; remoteAddress: string | undefined },
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue
    out[name] = value
  }
  if (authority) out.host = authority
  const priorFor = headers['x-forwarded-for']
  out['x-forwarded-for'] = [priorFor, remoteAddress].filter(Boolean).join(', ')
  out['x-forwarded-proto'] = 'https'
  if (authority) out['x-forwarded-host'] = authority
  return out
}

/** Response headers for the browser, without the ones HTTP/2 forbids. */
export function forwardedResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue
    out[name] = value
  }
  return out
}

/**
 * A request that declares no body: HTTP/2 ended the stream with its headers; HTTP/1.1 sent neither
 * Content-Length (or 0) nor Transfer-Encoding.
 */
export function declaresNoBody(req: Http2ServerRequest | http.IncomingMessage): boolean {
  const stream = (req as Partial<Http2ServerRequest>).stream
  if (stream) return stream.endAfterHeaders
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
}

/**
 * A request that can be sent to the backend again: a GET or HEAD that declares no body. Any other request
 * streams its body to the backend once.
 */
export function isReplayable(req: Http2ServerRequest | http.IncomingMessage): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && declaresNoBody(req)
}

/**
 * The pools of loopback connections to the app, one per kind of request, so one kind cannot take the
 * connections another needs: a flood of requests whose bodies never come (each holds a connection until the
 * app's body deadline) leaves pages, API answers and the Studio's listeners their own. Past its limit a pool
 * queues requests; it never opens more connections.
 * - `answers`: requests without a body, answered by the app at its own pace (pages, queries, assets);
 * - `bodies`: requests whose body the client sends at its pace (mutations, uploads, sign-ups);
 * - `events`: listener streams (server-sent events), open as long as a browser tab.
 */
export type BackendLane = 'answers' | 'bodies' | 'events'

export function laneOf(req: Http2ServerRequest | http.IncomingMessage): BackendLane {
  if (!declaresNoBody(req)) return 'bodies'
  return req.headers.accept?.includes('text/event-stream') ? 'events' : 'answers'
}

export type FrontLimits = {
  /** HTTP/2 streams one connection may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS). */
  maxStreams: number
  /** Loopback connections to the app in each of the `answers` and `bodies` lanes. */
  backendSockets: number
  /** Loopback connections for listener streams: the app's own cap on open listeners (LISTEN_MAX_TOTAL). */
  eventStreams: number
}

/** Defaults as HTTP/2 servers elsewhere (nginx allows 128 streams per connection, Go's server 250). */
export const DEFAULT_FRONT_LIMITS: FrontLimits = { maxStreams: 100, backendSockets: 64, eventStreams: 1000 }

function backendAgents(limits: FrontLimits): Record<BackendLane, http.Agent> {
  const pool = (maxSockets: number) =>
    new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: Math.min(maxSockets, 16) })
  return {
    answers: pool(limits.backendSockets),
    bodies: pool(limits.backendSockets),
    events: pool(limits.eventStreams),
  }
}

/** The error of a request written to a pooled socket the backend had already closed. */
export function isStaleSocketError(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
}

type Target = () => { host: string; port: number }

/**
 * 502 for a request the backend did not answer, and one warning that names the error without its stack: in
 * issue 27 a stream flood used up every descriptor, and a stack per failed request made 30 MB of log.
 */
function answerBackendFailure(
  res: Http2ServerResponse,
  error: NodeJS.ErrnoException,
  { url, logger }: { url: string; logger: Logger },
): void {
  logger.warn({ url, code: error.code, reason: error.message }, 'https front: backend request failed')
  if (!res.headersSent) {
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Bad gateway')
  } else {
    res.destroy()
  }
}

/** Proxies each HTTP/2 (or HTTP/1.1) request to the plain server, streaming both bodies. */
function proxyRequests({
  agents,
  target,
  logger,
}: {
  agents: Record<BackendLane, http.Agent>
  target: Target
  logger: Logger
}) {
  return (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const { host, port } = target()
    const authority = req.headers[':authority'] ?? req.headers.host
    const options: http.RequestOptions = {
      host,
      port,
      agent: agents[laneOf(req)],
      method: req.method,
      path: req.url,
      headers: forwardedRequestHeaders(req.headers, {
        authority: typeof authority === 'string' ? authority : undefined,
        remoteAddress: req.socket?.remoteAddress,
      }),
    }
    const replayable = isReplayable(req)

    const send = (retry: boolean) => {
      // The retry takes a connection of its own (agent: false), never another pooled socket that
      // may be just as stale.
      const upstream = http.request(retry ? { ...options, agent: false } : options, (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, forwardedResponseHeaders(upstreamRes.headers))
        // Send headers now: an SSE stream may not write its first byte for a while.
        if (typeof (res as unknown as { flushHeaders?: () => void }).flushHeaders === 'function') {
          ;(res as unknown as { flushHeaders: () => void }).flushHeaders()
        }
        upstreamRes.pipe(res as unknown as NodeJS.WritableStream)
        upstreamRes.on('error', () => res.destroy())
      })
      // Set when the browser closed the stream first: the backend request's error is then our own doing.
      let clientGone = false
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the backend closed just as we reused it: the request never reached the
        // app, so a bodyless request goes again (Node's documented remedy for this race).
        if (!clientGone && !retry && replayable && !res.headersSent && isStaleSocketError(upstream, error)) {
          logger.debug({ err: error, url: req.url }, 'https front: stale backend socket, retrying')
          res.off('close', stopOnClose)
          send(true)
          return
        }
        // The client's own doing: the app's request log has the request's line.
        if (clientGone) {
          logger.debug({ url: req.url, code: error.code }, 'https front: the client closed the stream first')
          return
        }
        answerBackendFailure(res, error, { url: req.url, logger })
      })
      // The browser closed the tab or the stream: stop the backend request too (ends SSE listeners).
      const stopOnClose = () => {
        if (res.writableFinished) return
        clientGone = true
        upstream.destroy()
      }
      res.once('close', stopOnClose)
      if (replayable) {
        upstream.end()
      } else {
        req.pipe(upstream)
      }
    }
    send(false)
  }
}

/** Replays a WebSocket upgrade request to the backend and joins the two sockets. */
function proxyUpgrades(target: Target) {
  return (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const { host, port } = target()
    const backend = net.connect({ host, port }, () => {
      const headers = forwardedRequestHeaders(req.headers, {
        authority: req.headers.host,
        remoteAddress: req.socket.remoteAddress,
      })
      headers.connection = 'Upgrade'
      headers.upgrade = req.headers.upgrade
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((v) => `${name}: ${String(v)}`),
      )
      backend.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
      if (head.length) backend.write(head)
      backend.pipe(socket).pipe(backend)
    })
    backend.on('error', () => socket.destroy())
    socket.on('error', () => backend.destroy())
  }
}

/**
 * HTTPS with HTTP/2 (HTTP/1.1 allowed) in front of the plain HTTP server. Express cannot handle
 * node:http2 requests itself, so each request is proxied over loopback to the same app: bodies stream
 * both ways unbuffered (uploads, SSE listeners), and the app sees X-Forwarded-Proto https. See ADR 050.
 */
export function createHttpsFront({
  cert,
  key,
  target,
  logger,
  headersTimeoutMs = 10_000,
  limits = DEFAULT_FRONT_LIMITS,
}: {
  cert: string
  key: string
  /** The plain HTTP server's loopback address. */
  target: () => { host: string; port: number }
  logger: Logger
  /** Time for the TLS handshake and the first request's headers, on HTTP/2 as on HTTP/1.1 (ADR 080). */
  headersTimeoutMs?: number
  limits?: FrontLimits
}): HttpsFront {
  const agents = backendAgents(limits)
  const server = createSecureServer({
    cert,
    key,
    allowHTTP1: true,
    handshakeTimeout: headersTimeoutMs,
    // Unlimited by default: one connection could open a backend request per stream without end (issue 27).
    settings: { maxConcurrentStreams: limits.maxStreams },
    ...SERVER_TIMEOUT_OPTIONS,
  })
  // Bodies stream through to the plain server, whose body deadline answers 408; responses are never timed.
  // Node's HTTP/1.1 fallback reads these (they are missing from the HTTP/2 server's types).
  Object.assign(server, { headersTimeout: headersTimeoutMs, requestTimeout: 0 })
  // A connection with no traffic at all: listener streams send a keep-alive every 25 s, so a minute of
  // silence is a client that went away or never asked for anything. Without a callback Node closes it.
  server.setTimeout(IDLE_SESSION_MS)

  server.on('request', proxyRequests({ agents, target, logger }))

  // WebSockets arrive over HTTP/1.1 (allowHTTP1): Vite's HMR in development (the app accepts no other, ADR 103).
  // The upgrade request is replayed to the backend and the two sockets are joined.
  server.on('upgrade', proxyUpgrades(target))

  const sockets = new Set<Socket>()
  server.on('secureConnection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  const sessions = new Set<ServerHttp2Session>()
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session)
    // As HTTP/1.1's headersTimeout: a connection that has not sent a whole request within the time is
    // closed, not kept for the minute of idleness a connection between requests gets.
    const firstRequest = setTimeout(() => session.destroy(), headersTimeoutMs)
    firstRequest.unref()
    session.once('stream', () => clearTimeout(firstRequest))
    session.on('close', () => {
      clearTimeout(firstRequest)
      sessions.delete(session)
    })
  })
  server.on('sessionError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'https front: session error'),
  )

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          for (const agent of Object.values(agents)) agent.destroy()
          resolve()
        })
        // HTTP/2 sessions finish their open streams and take no new ones; kept-alive HTTP/1.1 sockets
        // would hold close() open. Long-lived streams (SSE) end when the backend ends them.
        for (const session of sessions) session.close()
        for (const socket of sockets) {
          if ((socket as Socket & { alpnProtocol?: string | false }).alpnProtocol !== 'h2') socket.end()
        }
      }),
  }
}
