import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer, get, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { addAcceptWatchers, type AcceptWatchers } from './accept-watchers'

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

async function listening(): Promise<{ server: Server; port: number }> {
  server = createServer((_req, res) => res.end('answered'))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { server, port: (server.address() as AddressInfo).port }
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

/** Connections waiting in the accept queue of the listening socket on `port` (Linux: `/proc/net/tcp`). */
function acceptQueueLength(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n')) {
    const [, address, , state, queues] = line.trim().split(/\s+/)
    // For a listening socket (state 0A) the receive queue is its accept queue.
    if (address === local && state === '0A') return parseInt(queues!.split(':')[1]!, 16)
  }
  return 0
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
  // The accept queue is read from /proc (Linux); the watchers themselves work wherever Node passes handles.
  it.runIf(process.platform === 'linux')(
    'accepts several waiting connections per event-loop turn, where one watcher accepts one',
    async () => {
      const plain = await listening()
      const onePerTurn = await mostAcceptedInOneTurn(plain.server, plain.port)
      plain.server.closeAllConnections()
      await new Promise((resolve) => plain.server.close(resolve))

      const { server, port } = await listening()
      watchers = await addAcceptWatchers(server, 8, logger)
      expect(watchers.count).toBe(8)
      const withWatchers = await mostAcceptedInOneTurn(server, port)
      expect(withWatchers).toBeGreaterThanOrEqual(8)
      expect(withWatchers).toBeGreaterThan(onePerTurn)
    },
    60_000,
  )

  it('answers the connections every watcher accepts, through the same HTTP server', async () => {
    const { server, port } = await listening()
    watchers = await addAcceptWatchers(server, 4, logger)
    const bodies = await Promise.all(Array.from({ length: CONNECTIONS }, () => bodyOf(port)))
    expect(bodies).toEqual(Array(CONNECTIONS).fill('answered'))
  })

  it('stops accepting on the port once the server and its watchers are closed', async () => {
    const { server, port } = await listening()
    watchers = await addAcceptWatchers(server, 4, logger)
    await Promise.all([watchers.close(), new Promise((resolve) => server.close(resolve))])
    const socket = connect(port, '127.0.0.1')
    const [error] = (await once(socket, 'error')) as [NodeJS.ErrnoException]
    expect(error.code).toBe('ECONNREFUSED')
  })

  it('keeps serving with its one watcher, and says so, when the echo process cannot run', async () => {
    const { server, port } = await listening()
    const lines: string[] = []
    const recording = createLogger(
      { LOG_LEVEL: 'warn', NODE_ENV: 'test' },
      { write: (line: string) => lines.push(line) },
    )
    watchers = await addAcceptWatchers(server, 8, recording, { execPath: '/nonexistent/node' })
    expect(watchers.count).toBe(1)
    expect(lines.join('')).toContain('one accept watcher only')
    const body = await bodyOf(port)
    expect(body).toBe('answered')
  })

  it('keeps the one watcher when asked for one, or before the server listens', async () => {
    const { server } = await listening()
    expect((await addAcceptWatchers(server, 1, logger)).count).toBe(1)
    const idle = createServer()
    expect((await addAcceptWatchers(idle, 8, logger)).count).toBe(1)
  })
})
