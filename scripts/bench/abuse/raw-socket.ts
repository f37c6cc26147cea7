/** Raw sockets for the attacks that speak below fetch: hand-made WebSocket frames and half-sent requests. */
import { randomBytes } from 'node:crypto'
import net from 'node:net'

/** A masked client frame (RFC 6455 §5.2), FIN set. */
export function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length
  const size =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
  const mask = randomBytes(4)
  const masked = Buffer.alloc(length)
  for (let i = 0; i < length; i++) masked[i] = payload[i]! ^ mask[i % 4]!
  return Buffer.concat([size, mask, masked])
}

/** A connection that has sent `head` (request line and headers) and nothing after; errors are swallowed. */
export function halfRequest(port: number, head: string): net.Socket {
  const socket = net.connect(port, '127.0.0.1')
  socket.on('error', () => {})
  socket.write(head)
  return socket
}

/** The request head of an anonymous Studio socket upgrade, as a browser sends it. */
export function upgradeHead(port: number): string {
  return [
    'GET /content/v2025-02-19/socket/production HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n')
}

/** An upgraded Studio socket, or null when the server refused the upgrade. */
export function openStudioSocket(port: number): Promise<net.Socket | null> {
  return new Promise((resolve) => {
    const socket = halfRequest(port, upgradeHead(port))
    let head = ''
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1')
      if (!head.includes('\r\n\r\n')) return
      socket.off('data', onData)
      if (head.startsWith('HTTP/1.1 101')) resolve(socket)
      else {
        socket.destroy()
        resolve(null)
      }
    }
    socket.on('data', onData)
    socket.once('close', () => resolve(null))
  })
}

/** Resolves when `socket` can take more (or has closed), leaving no listener behind. */
export function drained(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done).off('close', done)
      resolve()
    }
    socket.on('drain', done).on('close', done)
  })
}

/** Closes every socket and counts how many the server had not closed itself. */
export function closeAll(sockets: net.Socket[]): number {
  let open = 0
  for (const socket of sockets) {
    if (!socket.destroyed && socket.readyState === 'open') open++
    socket.destroy()
  }
  return open
}
