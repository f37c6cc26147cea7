import { createServer, type Server } from 'node:http'
import net, { type AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { capClientConnections, clientConnections } from './client-connections'
import { applyServerTimeouts, SERVER_TIMEOUT_OPTIONS } from './request-timeouts'

/**
 * Issue 36: idle keep-alive connections from one host used up the plain port's descriptors and /healthz failed
 * for everyone else. Here `maxConnections` stands for the process's descriptor limit, small, and every client is
 * on loopback: 127.0.0.1 stands for the trusted proxy in front (Caddy), the others for visitors.
 */
const PROXY = '127.0.0.1'
const ATTACKER = '127.0.0.2'
const FAN = '127.0.0.3'
const DESCRIPTORS = 40
const PER_CLIENT = 10
const KEEP_ALIVE_MS = 300
const isTrustedProxy = (address: string) => address === PROXY

let server: Server
let port: number

beforeAll(async () => {
  const app = express()
  app.get('/healthz', (_req, res) => res.json({ ok: true }))
  server = createServer(SERVER_TIMEOUT_OPTIONS, app)
  server.maxConnections = DESCRIPTORS
  applyServerTimeouts(server, { headersTimeoutMs: 1000, keepAliveMs: KEEP_ALIVE_MS, isTrustedProxy })
  capClientConnections(server, clientConnections({ maxPerClient: PER_CLIENT, isTrustedProxy }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const sockets: net.Socket[] = []
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  // The next test starts with the server's connections closed.
  const open = () => new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)))
  while ((await open()) > 0) await new Promise((resolve) => setTimeout(resolve, 20))
})

/** A kept-alive connection from `from` that has asked for /healthz once; resolves with its first answer or ''. */
function keptAlive(from: string): Promise<{ socket: net.Socket; answer: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from })
    sockets.push(socket)
    let answer = ''
    socket.on('error', () => {})
    socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'))
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString()
      if (answer.includes('{"ok":true}')) resolve({ socket, answer })
    })
    socket.on('close', () => resolve({ socket, answer }))
  })
}

const isOpen = (socket: net.Socket) => !socket.destroyed && socket.readyState === 'open'

describe("the plain port's share per client (issue 36)", () => {
  it('idle keep-alive connections from one host leave room for everyone else', async () => {
    const held = await Promise.all(Array.from({ length: DESCRIPTORS + 20 }, () => keptAlive(ATTACKER)))
    const fans = await Promise.all(Array.from({ length: 5 }, () => keptAlive(FAN)))
    for (const { answer } of fans) expect(answer).toMatch(/^HTTP\/1.1 200/)
    // The host got its share; the rest were refused before a byte was read.
    expect(held.filter(({ answer }) => answer.startsWith('HTTP/1.1 200')).length).toBe(PER_CLIENT)
  })

  it("closes a visitor's idle connection after the short keep-alive, a proxy's only after the long one", async () => {
    const fan = await keptAlive(FAN)
    const proxy = await keptAlive(PROXY)
    expect([fan.answer, proxy.answer]).toEqual([
      expect.stringMatching(/^HTTP\/1.1 200/),
      expect.stringMatching(/^HTTP\/1.1 200/),
    ])
    await new Promise((resolve) => setTimeout(resolve, KEEP_ALIVE_MS + 1500))
    expect(isOpen(fan.socket)).toBe(false)
    expect(isOpen(proxy.socket)).toBe(true)
  })

  it('holds a trusted proxy to no share: every visitor behind it shares its address', async () => {
    const through = await Promise.all(Array.from({ length: PER_CLIENT * 2 }, () => keptAlive(PROXY)))
    for (const { answer } of through) expect(answer).toMatch(/^HTTP\/1.1 200/)
  })
})
