import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, get, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { listenWithAcceptWatchers, type AcceptWatchers } from './accept-watchers'

const logger = createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })
const CONNECTIONS = 40

let server: Server | undefined
let watchers: AcceptWatchers | undefined

afterEach(async () => {
  await watchers?.close()
  if (server?.listening) {
    server.closeAllConnections()
    await new Promise((resolve) => server!.close(resolve))
  }
  server = watchers = undefined
})

/** An HTTP server listening on a free loopback port with `total` accept watchers. */
async function listening(total: number, log = logger): Promise<{ server: Server; port: number }> {
  server = createServer((_req, res) => res.end('answered'))
  watchers = await listenWithAcceptWatchers(server, { port: 0, host: '127.0.0.1' }, total, log)
  return { server, port: (server.address() as AddressInfo).port }
}

const closeServer = async (server: Server) => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
}

/** The body of `GET /` on a connection of its own. */
const bodyOf = (port: number) =>
  new Promise<string>((resolve, reject) => {
    get({ port, host: '127.0.0.1', agent: false }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve(body))
    }).on('error', reject)
  })

const sleepFor = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Connections waiting in the accept queues of the sockets listening on `port` (Linux: `/proc/net/tcp`). */
function acceptQueueLength(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  let waiting = 0
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const [, address, , state, queues] = line.trim().split(/\s+/)
    // For a listening socket (state 0A) the receive queue is its accept queue.
    if (address === local && state === '0A') waiting += parseInt(queues!.split(':')[1]!, 16)
  }
  return waiting
}

/** Blocks this thread, as a busy turn of the event loop would, until `count` connections wait to be accepted. */
function blockUntilQueued(port: number, count: number) {
  const deadline = Date.now() + 20_000
  while (acceptQueueLength(port) < count && Date.now() < deadline) sleepFor(5)
}

/**
 * Another process opens `CONNECTIONS` connections while this event loop is blocked, until they all wait in the
 * kernel's accept queue; then the largest number the server accepted in one turn of the loop.
 */
async function mostAcceptedInOneTurn(server: Server, port: number): Promise<number> {
  const client = spawn(
    process.execPath,
    [
      '-e',
      `process.on('message', () => { let open = 0; for (let i = 0; i < ${CONNECTIONS}; i++) ` +
        `require('node:net').connect(${port}, '127.0.0.1', () => { if (++open === ${CONNECTIONS}) process.send('open') }) })` +
        `; process.send('ready')`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  )
  await once(client, 'message')
  const perTurn: number[] = [0]
  let accepted = 0
  server.on('connection', () => {
    perTurn[perTurn.length - 1]!++
    accepted++
  })
  const allOpen = once(client, 'message')
  client.send('go')
  blockUntilQueued(port, CONNECTIONS)
  await new Promise<void>((resolve) => {
    const nextTurn = () => {
      if (accepted >= CONNECTIONS) return resolve()
      perTurn.push(0)
      setImmediate(nextTurn)
    }
    setImmediate(nextTurn)
  })
  await allOpen
  client.kill()
  return Math.max(...perTurn)
}

describe('accept watchers', () => {
  // The accept queue is read from /proc (Linux), where `reusePort` is available.
  it.runIf(process.platform === 'linux')(
    'accepts several waiting connections per event-loop turn, where one watcher accepts one',
    async () => {
      const plain = await listening(1)
      const onePerTurn = await mostAcceptedInOneTurn(plain.server, plain.port)
      await closeServer(plain.server)

      const { server, port } = await listening(8)
      expect(watchers!.count).toBe(8)
      const withWatchers = await mostAcceptedInOneTurn(server, port)
      // The kernel spreads connections over the sockets by a hash, not in turn: some turns take fewer.
      expect(withWatchers).toBeGreaterThanOrEqual(4)
      expect(withWatchers).toBeGreaterThan(onePerTurn)
    },
    60_000,
  )

  it('answers the connections every watcher accepts, through the same HTTP server', async () => {
    const { port } = await listening(4)
    const bodies = await Promise.all(Array.from({ length: CONNECTIONS }, () => bodyOf(port)))
    expect(bodies).toEqual(Array(CONNECTIONS).fill('answered'))
  })

  it('stops accepting on the port once the server and its watchers are closed', async () => {
    const { server, port } = await listening(4)
    await Promise.all([watchers!.close(), new Promise((resolve) => server.close(resolve))])
    const socket = connect(port, '127.0.0.1')
    const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException]
    expect(error.code).toBe('ECONNREFUSED')
  })

  it.runIf(process.platform === 'linux')(
    'refuses a busy port with EADDRINUSE, even when its holder listens with reusePort (a second copy)',
    async () => {
      const { port } = await listening(4)
      const second = createServer()
      await expect(
        listenWithAcceptWatchers(second, { port, host: '127.0.0.1' }, 4, logger),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' })
      expect(second.listening).toBe(false)
      expect(await bodyOf(port)).toBe('answered')
    },
  )

  it('listens on its one socket when asked for one watcher', async () => {
    const { port } = await listening(1)
    expect(watchers!.count).toBe(1)
    expect(await bodyOf(port)).toBe('answered')
  })
})
