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
 * A request that can be sent to the backend again: a GET or HEAD that declares no body (HTTP/2 ended the
 * stream with its headers; HTTP/1.1 sent neither Content-Length nor Transfer-Encoding). Any other request
 * streams its body to the backend once.
 */
export function isReplayable(req: Http2ServerRequest | http.IncomingMessage): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  const stream = (req as Partial<Http2ServerRequest>).stream
  if (stream) return stream.endAfterHeaders
  const length = req.headers['content-length']
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')
}

/** The error of a request written to a pooled socket the backend had already closed. */
export function isStaleSocketError(request: http.ClientRequest, error: NodeJS.ErrnoException): boolean {
  return request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE')
}

type Target = () => { host: string; port: number }

/** Proxies each HTTP/2 (or HTTP/1.1) request to the plain server, streaming both bodies. */
function proxyRequests({ agent, target, logger }: { agent: http.Agent; target: Target; logger: Logger }) {
  return (req: Http2ServerRequest, res: Http2ServerResponse) => {
    const { host, port } = target()
    const authority = req.headers[':authority'] ?? req.headers.host
    const options: http.RequestOptions = {
      host,
      port,
      agent,
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
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the backend closed just as we reused it: the request never reached the
        // app, so a bodyless request goes again (Node's documented remedy for this race).
        if (!retry && replayable && !res.headersSent && isStaleSocketError(upstream, error)) {
          logger.debug({ err: error, url: req.url }, 'https front: stale backend socket, retrying')
          res.off('close', stopOnClose)
          send(true)
          return
        }
        logger.warn({ err: error, url: req.url }, 'https front: backend request failed')
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' })
          res.end('Bad gateway')
        } else {
          res.destroy()
        }
      })
      // The browser closed the tab or the stream: stop the backend request too (ends SSE listeners).
      const stopOnClose = () => {
        if (!res.writableFinished) upstream.destroy()
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
}: {
  cert: string
  key: string
  /** The plain HTTP server's loopback address. */
  target: () => { host: string; port: number }
  logger: Logger
  /** Time for the TLS handshake and (HTTP/1.1) the request headers (ADR 080). */
  headersTimeoutMs?: number
}): HttpsFront {
  // SSE listeners hold a socket each for as long as a tab is open, so no pool limit.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
  const server = createSecureServer({
    cert,
    key,
    allowHTTP1: true,
    handshakeTimeout: headersTimeoutMs,
    ...SERVER_TIMEOUT_OPTIONS,
  })
  // Bodies stream through to the plain server, whose body deadline answers 408; responses are never timed.
  // Node's HTTP/1.1 fallback reads these (they are missing from the HTTP/2 server's types).
  Object.assign(server, { headersTimeout: headersTimeoutMs, requestTimeout: 0 })
  // A connection with no traffic at all: listener streams send a keep-alive every 25 s, so a minute of
  // silence is a client that went away or never asked for anything. Without a callback Node closes it.
  server.setTimeout(IDLE_SESSION_MS)

  server.on('request', proxyRequests({ agent, target, logger }))

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
    session.on('close', () => sessions.delete(session))
  })
  server.on('sessionError', (error) => logger.debug({ err: error }, 'https front: session error'))

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          agent.destroy()
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
