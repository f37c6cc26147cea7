import type { Server as HttpServer } from 'node:http'
import {
  constants,
  createServer as createHttp2Server,
  type IncomingHttpHeaders,
  type ServerHttp2Session,
  type ServerHttp2Stream,
} from 'node:http2'
import { createServer as createTlsServer, type Server as TlsServer, type TLSSocket } from 'node:tls'
import { FairQueue } from '../fair-queue'
import type { Logger } from '../logger'
import { capClientConnections, clientConnections, type ClientConnections } from './client-connections'
import { answerStreamWithApp } from './h2-stream-to-app'
import { SERVER_TIMEOUT_OPTIONS } from './request-timeouts'

export type HttpsFront = {
  /** The TLS server that listens on `HTTPS_PORT`. */
  server: TlsServer
  /** Stops accepting connections, ends HTTP/2 sessions gracefully and resolves when all are closed. */
  close: () => Promise<void>
}

const IDLE_SESSION_MS = 60_000

export type FrontLimits = {
  /** HTTP/2 streams one connection may have open at once (SETTINGS_MAX_CONCURRENT_STREAMS). */
  maxStreams: number
  /** HTTP/2 streams one client address may have answered at once over all its connections; past it, they wait. */
  maxStreamsPerClient: number
  /**
   * Streams waiting for their address's share, all addresses together; past it the newest of the address with the
   * most waiting (and the most stream time lately) is refused with 503.
   */
  maxWaitingStreams: number
  /** A stream that waits this long for its address's share is refused with 503. */
  streamWaitMs: number
  /** A stream whose client leaves its answer unread this long is reset (the app's deadlines time the rest). */
  streamIdleMs: number
}

/** Defaults as HTTP/2 servers elsewhere (nginx allows 128 streams per connection, Go's server 250). */
export const DEFAULT_FRONT_LIMITS: FrontLimits = {
  maxStreams: 100,
  maxStreamsPerClient: 200,
  maxWaitingStreams: 1000,
  streamWaitMs: 10_000,
  streamIdleMs: 60_000,
}

const BUSY_BODY = JSON.stringify({
  message: 'Too many requests in progress from this address; try again shortly',
  statusCode: 503,
})

/** Closes a session that has not sent a whole request within the time, as HTTP/1.1's headersTimeout does. */
function trackSessions(server: ReturnType<typeof createHttp2Server>, headersTimeoutMs: number) {
  const sessions = new Set<ServerHttp2Session>()
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session)
    const firstRequest = setTimeout(() => session.destroy(), headersTimeoutMs)
    firstRequest.unref()
    session.once('stream', () => clearTimeout(firstRequest))
    session.on('close', () => {
      clearTimeout(firstRequest)
      sessions.delete(session)
    })
  })
  return sessions
}

/** The window in which a connection's resets are counted. */
const RESET_WINDOW_MS = 1000

/**
 * Ends a connection whose client resets more than `maxResets` streams within a second (GOAWAY
 * ENHANCE_YOUR_CALM): every stream costs the server its start, and a rapid-reset client opens and cancels them
 * faster than any page does (a browser cancels a few when the visitor moves on).
 */
function limitResets(session: ServerHttp2Session, maxResets: number, logger: Logger) {
  let windowStart = 0
  let resets = 0
  return () => {
    const now = performance.now()
    if (now - windowStart > RESET_WINDOW_MS) {
      windowStart = now
      resets = 0
    }
    if (++resets <= maxResets || session.destroyed) return
    logger.warn(
      { resets, remoteAddress: session.socket?.remoteAddress },
      'https front: too many streams reset',
    )
    session.destroy(new Error('too many streams reset'), constants.NGHTTP2_ENHANCE_YOUR_CALM)
  }
}

const resetCounters = new WeakMap<ServerHttp2Session, () => void>()

/**
 * One line per client address (ADR 050): a stream within its address's share is answered by the app; past it, it
 * waits for one of the address's streams to end. Several browsers behind one address (a band's hotspot, an office)
 * each open a connection of up to `maxStreams` streams when a Studio loads its chunks, and a refused chunk breaks
 * the Studio; a flood only queues its own streams, and loses them first when the line is full.
 */
function streamLines(limits: FrontLimits) {
  return new FairQueue({
    slots: Infinity,
    reserved: 0,
    perClientRunning: limits.maxStreamsPerClient,
    maxWaiting: limits.maxWaitingStreams,
  })
}

/** Runs until the stream closes: the app's answer, started on the next turn unless the client has gone. */
function streamAnswered(stream: ServerHttp2Stream, answer: () => void): Promise<void> {
  return new Promise((resolve) => {
    if (stream.closed || stream.destroyed) return resolve()
    stream.once('close', resolve)
    // The app starts on the next turn: a stream reset in the same read as its headers (a rapid-reset client)
    // has closed by then and costs the app nothing.
    setImmediate(() => {
      if (!stream.closed && !stream.destroyed) answer()
    })
  })
}

/** Each stream is answered by the app in its address's turn (`streamLines`); refused from the line, 503. */
function answerEachStream({
  app,
  logger,
  limits,
  connections,
  lines,
}: {
  app: HttpServer
  logger: Logger
  limits: FrontLimits
  connections: ClientConnections
  lines: FairQueue
}) {
  return (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    stream.on('error', () => {})
    const session = stream.session as ServerHttp2Session
    let countReset = resetCounters.get(session)
    if (!countReset)
      resetCounters.set(session, (countReset = limitResets(session, limits.maxStreams, logger)))
    // 'aborted': the client reset the stream before its answer had ended.
    stream.once('aborted', countReset)
    const socket = session.socket
    const peer = { remoteAddress: socket?.remoteAddress, remotePort: socket?.remotePort }
    const answer = () =>
      answerStreamWithApp(app, stream, headers, {
        peer,
        logger,
        stallMs: limits.streamIdleMs,
        onConnection: connections.markCounted,
      })
    lines
      .run(peer.remoteAddress ?? '', () => streamAnswered(stream, answer), { timeoutMs: limits.streamWaitMs })
      .catch(() => {
        if (stream.closed || stream.destroyed || stream.headersSent) return
        stream.respond({ ':status': 503, 'content-type': 'application/json', 'retry-after': '5' })
        stream.end(BUSY_BODY)
      })
  }
}

/**
 * HTTPS on `HTTPS_PORT` for the app of the plain HTTP server (ADR 050). TLS with ALPN: an HTTP/1.1 connection
 * is handed to the plain server as it is (Node's documented `'connection'` event takes any duplex); an HTTP/2
 * connection goes to `node:http2`, and each of its streams is answered by the app over a connection in memory
 * (`answerStreamWithApp`). No pools, no loopback sockets: a stream costs what it holds, and ends with all of it.
 */
export function createHttpsFront({
  cert,
  key,
  app,
  logger,
  headersTimeoutMs = 10_000,
  limits = DEFAULT_FRONT_LIMITS,
  connections = clientConnections({ maxPerClient: 256 }),
}: {
  cert: string
  key: string
  /** The plain HTTP server: its request handlers, timeouts and upgrade listeners answer HTTPS too. */
  app: HttpServer
  logger: Logger
  /** Time for the TLS handshake and the first request's headers, on HTTP/2 as on HTTP/1.1 (ADR 080). */
  headersTimeoutMs?: number
  limits?: FrontLimits
  /** Each client's share of connections, shared with the plain port. */
  connections?: ClientConnections
}): HttpsFront {
  const server = createTlsServer({
    cert,
    key,
    ALPNProtocols: ['h2', 'http/1.1'],
    handshakeTimeout: headersTimeoutMs,
  })
  capClientConnections(server, connections)
  const http2 = createHttp2Server({
    // Unlimited by default: one connection could open streams without end (issue 27).
    settings: { maxConcurrentStreams: limits.maxStreams },
    ...SERVER_TIMEOUT_OPTIONS,
  })
  // A connection with no traffic at all: listener streams send a keep-alive every 25 s, so a minute of
  // silence is a client that went away or never asked for anything. Without a callback Node closes it.
  http2.setTimeout(IDLE_SESSION_MS)
  const sessions = trackSessions(http2, headersTimeoutMs)

  http2.on(
    'stream',
    answerEachStream({
      app,
      logger,
      limits,
      connections,
      // Every address, loopback too: no proxy speaks HTTP/2 to this port (Caddy uses the plain one, ADR 110).
      lines: streamLines(limits),
    }),
  )
  http2.on('sessionError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'https front: session error'),
  )

  server.on('secureConnection', (socket: TLSSocket) => {
    socket.on('error', () => {})
    if (socket.alpnProtocol === 'h2') {
      http2.emit('connection', socket)
    } else {
      // HTTP/1.1 (or no ALPN): the plain server's own connection, with its timeouts and keep-alive; counted once.
      connections.markCounted(socket)
      app.emit('connection', socket)
    }
  })
  server.on('tlsClientError', (error: NodeJS.ErrnoException) =>
    logger.debug({ code: error.code, reason: error.message }, 'https front: TLS error'),
  )

  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // HTTP/2 sessions finish their open streams and take no new ones; HTTP/1.1 connections are the plain
        // server's and close with it. Long-lived streams (SSE) end when the app ends them.
        for (const session of sessions) session.close()
      }),
  }
}
