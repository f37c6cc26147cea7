import { createServer, type Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptStudioSocket,
  decodeFrame,
  encodeFrame,
  isStudioSocketRequest,
  MAX_SOCKET_MESSAGE_BYTES,
  replyTo,
  websocketAccept,
} from './studio-socket'

/** A client frame: masked, as browsers send them. */
function clientFrame(opcode: number, text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = Buffer.from([1, 2, 3, 4])
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!))
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff])
  return Buffer.concat([Buffer.from([0x80 | opcode]), length, mask, masked])
}

describe('studio socket frames and replies', () => {
  it('computes the handshake answer of RFC 6455', () => {
    expect(websocketAccept('dGhlIHNhbXBsZSBub25jZQ==')).toBe('s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
  })

  it('decodes masked frames, waits for partial ones and refuses oversized ones', () => {
    const frame = clientFrame(1, 'x'.repeat(300))
    expect(decodeFrame(frame.subarray(0, 10))).toBeNull()
    expect(decodeFrame(frame)).toMatchObject({ opcode: 1, size: frame.length })
    expect((decodeFrame(frame) as { payload: Buffer }).payload.toString()).toBe('x'.repeat(300))
    expect(decodeFrame(clientFrame(1, 'y'.repeat(MAX_SOCKET_MESSAGE_BYTES + 1)))).toBe('too-large')
    expect(decodeFrame(Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0, 0, 0, 1]))).toBe('too-large')
  })

  it('answers JSON-RPC calls with an empty result and subscriptions with an id, ignores the rest', () => {
    const call = JSON.stringify({ jsonrpc: '2.0', method: 'authorization', params: {}, id: 'a1' })
    expect(JSON.parse(replyTo(call)!)).toEqual({ jsonrpc: '2.0', id: 'a1', result: null })
    const subscribe = JSON.stringify({ jsonrpc: '2.0', method: 'presence_subscribe', id: 'b2' })
    expect(JSON.parse(replyTo(subscribe)!)).toEqual({ jsonrpc: '2.0', id: 'b2', result: 'presence-b2' })
    expect(replyTo('♥')).toBeNull()
    expect(replyTo('{"method":"notification"}')).toBeNull()
    expect(replyTo('null')).toBeNull()
  })

  it('recognises only websocket upgrades of the socket path', () => {
    const req = (url: string, upgrade = 'websocket') => ({ url, headers: { upgrade } }) as never
    expect(isStudioSocketRequest(req('/content/v2022-06-30/socket/production?tag=sanity.studio'))).toBe(true)
    expect(isStudioSocketRequest(req('/content/v2022-06-30/socket/production', 'h2c'))).toBe(false)
    expect(isStudioSocketRequest(req('/content/v2022-06-30/data/listen/production'))).toBe(false)
  })
})

describe('studio socket over a real connection', () => {
  let server: Server
  let port: number
  beforeAll(async () => {
    server = createServer((_req, res) => res.end())
    server.on('upgrade', (req, socket) => acceptStudioSocket(req, socket))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  function connect(headers: string): Promise<{ socket: net.Socket; received: () => Buffer }> {
    return new Promise((resolve) => {
      const socket = net.connect({ port, host: '127.0.0.1' }, () => {
        socket.write(
          `GET /content/v2022-06-30/socket/production HTTP/1.1\r\nHost: localhost\r\n${headers}\r\n`,
        )
        resolve({ socket, received: () => Buffer.concat(chunks) })
      })
      const chunks: Buffer[] = []
      socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    })
  }
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  }

  it('switches protocols, answers a call split over two packets, pongs and closes cleanly', async () => {
    const { socket, received } = await connect(
      'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n',
    )
    await until(() => received().includes('\r\n\r\n'))
    expect(received().toString()).toContain('101 Switching Protocols')
    expect(received().toString()).toContain('Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=')
    const headerLength = received().indexOf('\r\n\r\n') + 4
    const call = clientFrame(1, JSON.stringify({ jsonrpc: '2.0', method: 'presence_rollcall', id: 7 }))
    socket.write(call.subarray(0, 5))
    await new Promise((resolve) => setTimeout(resolve, 20))
    socket.write(Buffer.concat([call.subarray(5), clientFrame(0x9, 'hi')]))
    await until(() => received().length > headerLength + 40)
    const reply = decodeFrame(received().subarray(headerLength)) as {
      opcode: number
      payload: Buffer
      size: number
    }
    expect(JSON.parse(reply.payload.toString())).toEqual({ jsonrpc: '2.0', id: 7, result: null })
    const pong = decodeFrame(received().subarray(headerLength + reply.size)) as {
      opcode: number
      payload: Buffer
    }
    expect([pong.opcode, pong.payload.toString()]).toEqual([0xa, 'hi'])
    const closed = new Promise((resolve) => socket.on('close', resolve))
    socket.write(clientFrame(0x8, ''))
    await closed
    expect(encodeFrame(0x8, Buffer.from([0x03, 0xe8])).equals(received().subarray(-4))).toBe(true)
  })

  it('refuses a handshake without a key', async () => {
    const { socket, received } = await connect('Upgrade: websocket\r\nConnection: Upgrade\r\n')
    await new Promise((resolve) => socket.on('close', resolve))
    expect(received().toString()).toContain('400 Bad Request')
  })
})
