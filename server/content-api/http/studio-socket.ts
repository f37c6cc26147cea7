import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'

/**
 * The Studio's realtime socket (`/content/v{date}/socket/{dataset}`, Sanity's "bifur": presence of other editors)
 * without the realtime part (ADR 102). It speaks just enough WebSocket (RFC 6455) and JSON-RPC to be a healthy,
 * quiet peer: every request gets an empty result, every subscription an id and never an event. Without it the
 * Studio retried a refused connection every few seconds, each a console error. Presence (avatars of others on a
 * document) is not offered by the self-hosted API.
 */
const SOCKET_PATH = /^\/content\/v[^/]+\/socket\/[^/?]+(\?|$)/
const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
/** The Studio's messages are small JSON-RPC calls; anything larger is not one of them. */
export const MAX_SOCKET_MESSAGE_BYTES = 16 * 1024

const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa } as const

export function isStudioSocketRequest(req: IncomingMessage): boolean {
  return SOCKET_PATH.test(req.url ?? '') && req.headers.upgrade?.toLowerCase() === 'websocket'
}

/** The `Sec-WebSocket-Accept` value for a client's key (RFC 6455 §4.2.2). */
export function websocketAccept(key: string): string {
  return createHash('sha1')
    .update(key + WEBSOCKET_GUID)
    .digest('base64')
}

/** One unmasked server frame (RFC 6455 §5.2); payloads here are always below 64 KiB. */
export function encodeFrame(opcode: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const length = payload.length
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
  return Buffer.concat([header, payload])
}

type Frame = { opcode: number; payload: Buffer; size: number }

/** The first complete frame in `buffer`, null when more bytes are needed, 'too-large' past the limit. */
export function decodeFrame(buffer: Buffer): Frame | null | 'too-large' {
  if (buffer.length < 2) return null
  const opcode = buffer[0]! & 0x0f
  const masked = (buffer[1]! & 0x80) !== 0
  let length = buffer[1]! & 0x7f
  let offset = 2
  if (length === 126) {
    if (buffer.length < 4) return null
    length = buffer.readUInt16BE(2)
    offset = 4
  } else if (length === 127) {
    return 'too-large'
  }
  if (length > MAX_SOCKET_MESSAGE_BYTES) return 'too-large'
  const maskOffset = offset
  if (masked) offset += 4
  if (buffer.length < offset + length) return null
  const payload = Buffer.from(buffer.subarray(offset, offset + length))
  if (masked) for (let i = 0; i < payload.length; i++) payload[i]! ^= buffer[maskOffset + (i % 4)]!
  return { opcode, payload, size: offset + length }
}

/** The JSON-RPC answer to one message of the Studio, or null when it expects none. */
export function replyTo(message: string): string | null {
  let request: { id?: unknown; method?: unknown }
  try {
    request = JSON.parse(message) as typeof request
  } catch {
    return null
  }
  if (typeof request !== 'object' || request === null || request.id === undefined) return null
  const method = typeof request.method === 'string' ? request.method : ''
  // A subscription gets an id of its own and no events; every other call an empty result.
  const result = method.endsWith('_subscribe')
    ? `${method.slice(0, -'_subscribe'.length)}-${request.id}`
    : null
  return JSON.stringify({ jsonrpc: '2.0', id: request.id, result })
}

/** Answers an upgrade request for the Studio's socket. */
export function acceptStudioSocket(req: IncomingMessage, socket: Duplex): void {
  const key = req.headers['sec-websocket-key']
  if (typeof key !== 'string' || req.headers['sec-websocket-version'] !== '13') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    return
  }
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${websocketAccept(key)}\r\n\r\n`,
  )
  let pending = Buffer.alloc(0)
  const close = (code: number) => {
    const payload = Buffer.alloc(2)
    payload.writeUInt16BE(code)
    socket.end(encodeFrame(OPCODE.close, payload))
  }
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk])
    for (;;) {
      const frame = decodeFrame(pending)
      if (frame === null) return
      if (frame === 'too-large') return close(1009)
      pending = pending.subarray(frame.size)
      if (frame.opcode === OPCODE.close) return close(1000)
      if (frame.opcode === OPCODE.ping) socket.write(encodeFrame(OPCODE.pong, frame.payload))
      if (frame.opcode === OPCODE.text) {
        const reply = replyTo(frame.payload.toString('utf8'))
        if (reply) socket.write(encodeFrame(OPCODE.text, Buffer.from(reply)))
      }
    }
  })
  socket.on('error', () => socket.destroy())
}
