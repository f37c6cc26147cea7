import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders, type Server } from 'node:http'
import { constants, type IncomingHttpHeaders as Http2Headers, type ServerHttp2Stream } from 'node:http2'
import { duplexPair } from 'node:stream'
import type { Logger } from '../logger'

/** Connection-specific headers: meaningless on an HTTP/2 stream, and forbidden in HTTP/2 responses. */
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

/** The request's headers as HTTP/1.1 sends them: pseudo-headers dropped, `:authority` as Host. */
export function http1RequestHeaders(headers: Http2Headers): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith(':') || HOP_BY_HOP.has(name) || value === undefined) continue
    out[name] = value
  }
  const authority = headers[':authority'] ?? headers.host
  if (authority) out.host = authority
  // One request per in-memory connection: the app closes it once it has answered.
  out.connection = 'close'
  return out
}

/** The app's response headers for the HTTP/2 stream, without the ones HTTP/2 forbids. */
export function http2ResponseHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (HOP_BY_HOP.has(name) || value === undefined) continue
    out[name] = value
  }
  return out
}

/**
 * The app's answer onto the stream, as `pipe` would, and says when the client stops taking it: a write the
 * stream cannot pass on (its flow-control window is used up, issue 36) or an end it has not sent yet. HTTP/2's own
 * per-stream timer cannot tell: any frame the connection sends restarts every stream's timer.
 */
function forwardAnswer(
  response: http.IncomingMessage,
  stream: ServerHttp2Stream,
  { stalled, moving }: { stalled: () => void; moving: () => void },
): void {
  response.on('data', (chunk: Buffer) => {
    if (stream.write(chunk)) return
    response.pause()
    stalled()
  })
  stream.on('drain', () => {
    moving()
    response.resume()
  })
  response.once('end', () => {
    stream.end()
    if (!stream.writableFinished) stalled()
  })
  stream.once('finish', moving)
  response.on('error', () => stream.destroy())
}

/**
 * Ends a stream whose client left its answer unread: reset (CANCEL) and destroyed at once. A reset alone emits
 * 'close', which releases the answer, only once its RST_STREAM has gone out, and that waits behind whatever the
 * client leaves unread on the connection (issue 36: a flow-control stall kept each stream's answer).
 */
function resetAndDestroy(stream: ServerHttp2Stream): void {
  stream.close(constants.NGHTTP2_CANCEL)
  stream.destroy()
}

/** What the app's request handlers read from a connection: the client's address and that it is TLS. */
export type StreamPeer = { remoteAddress: string | undefined; remotePort: number | undefined }

/**
 * Answers one HTTP/2 stream with the plain HTTP server's app, over a connection in memory: a duplex pair whose
 * one end the server takes as a connection of its own (Node's documented way to hand it any duplex) and whose
 * other end carries the HTTP/1.1 request and response. The stream and its connection are one: when the client
 * resets the stream or the stream times out, the connection is destroyed, and the app sees its client go (ADR
 * 050). Nothing is pooled, so nothing one client holds is another client's to wait for.
 */
export function answerStreamWithApp(
  app: Server,
  stream: ServerHttp2Stream,
  headers: Http2Headers,
  {
    peer,
    logger,
    stallMs,
    onConnection,
  }: {
    peer: StreamPeer
    logger: Logger
    /** How long the client may leave the answer unread before the stream is reset. */
    stallMs: number
    onConnection?: (socket: object) => void
  },
): void {
  const [near, far] = duplexPair()
  // The app sees the client's own address and a TLS connection, as on a direct HTTPS connection, made to the
  // app's own address (where its loopback requests go).
  const local = app.address()
  Object.assign(far, {
    remoteAddress: peer.remoteAddress,
    remotePort: peer.remotePort,
    localAddress: typeof local === 'object' ? local?.address : undefined,
    localPort: typeof local === 'object' ? local?.port : undefined,
    encrypted: true,
    // A socket's tuning calls the app makes (listener streams turn off Nagle's delay): nothing to tune in memory.
    setNoDelay: () => far,
    setKeepAlive: () => far,
  })
  onConnection?.(far)
  const hasBody = !stream.endAfterHeaders
  const requestHeaders = http1RequestHeaders(headers)
  // A body of unknown length goes chunked (Node sends a GET's body only with a length or this header).
  if (hasBody && requestHeaders['content-length'] === undefined)
    requestHeaders['transfer-encoding'] = 'chunked'
  const request = http.request({
    createConnection: () => near,
    method: headers[':method'],
    path: headers[':path'],
    headers: requestHeaders,
  })
  let stall: NodeJS.Timeout | undefined
  const release = () => {
    clearTimeout(stall)
    request.destroy()
    near.destroy()
    far.destroy()
  }
  // A reset, a timeout, the session's end or the answer's end: the in-memory connection goes with the stream.
  stream.once('close', release)
  request.on('response', (response) => {
    if (stream.destroyed || stream.closed) return release()
    stream.respond({ ':status': response.statusCode ?? 502, ...http2ResponseHeaders(response.headers) })
    forwardAnswer(response, stream, {
      stalled: () => {
        clearTimeout(stall)
        stall = setTimeout(() => {
          logger.warn({ url: headers[':path'], stallMs }, 'https front: answer left unread, stream reset')
          resetAndDestroy(stream)
        }, stallMs)
        stall.unref()
      },
      moving: () => clearTimeout(stall),
    })
  })
  request.on('error', (error: NodeJS.ErrnoException) => {
    if (stream.destroyed || stream.closed) return
    logger.warn(
      { url: headers[':path'], code: error.code, reason: error.message },
      'https front: app request failed',
    )
    if (stream.headersSent) stream.close(constants.NGHTTP2_INTERNAL_ERROR)
    else stream.respond({ ':status': 502, 'content-type': 'text/plain; charset=utf-8' }, { endStream: true })
  })
  app.emit('connection', far)
  if (hasBody) stream.pipe(request)
  else request.end()
}
