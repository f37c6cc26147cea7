import { spawn } from 'node:child_process'
import { once } from 'node:events'
import type { Server as HttpServer } from 'node:http'
import { Server as NetServer } from 'node:net'
import type { Logger } from '../logger'

/**
 * A child that sends every handle it receives straight back. Node closes the child's copy once it is sent, and the
 * child never listens on it, so it cannot take a connection.
 */
const ECHO_HANDLES = "process.on('message', (message, handle) => process.send(message, handle))"
const ECHO_TIMEOUT_MS = 5000

export type AcceptWatchers = {
  /** Watchers on the listening socket, the server's own included. */
  count: number
  /** Stops the extra watchers (the server's own closes with `server.close()`); resolves once they are closed. */
  close: () => Promise<void>
}

/** The libuv handle behind a listening `net.Server`; child_process sends it as a raw handle (`net.Native`). */
type RawListenHandle = object
const listenHandleOf = (server: HttpServer) => (server as unknown as { _handle: RawListenHandle })._handle

/**
 * `copies` further descriptors of the server's listening socket, each sent to an echo child and back. Resolves
 * once the child has exited, so that no other process holds the socket.
 */
async function duplicateListenHandle(
  server: HttpServer,
  copies: number,
  execPath: string,
): Promise<RawListenHandle[]> {
  const child = spawn(execPath, ['-e', ECHO_HANDLES], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: {},
  })
  // `once` also settles on a spawn error; caught at once, so that error is never an unhandled rejection.
  const exited = once(child, 'exit').catch(() => {})
  const received: RawListenHandle[] = []
  let timer: NodeJS.Timeout | undefined
  try {
    return await new Promise<RawListenHandle[]>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('no answer from the echo process')), ECHO_TIMEOUT_MS)
      child.once('error', reject)
      child.once('exit', (code) => reject(new Error(`the echo process exited (${code})`)))
      child.on('message', (_message, handle) => {
        if (handle) received.push(handle)
        if (received.length >= copies) resolve(received)
      })
      for (let i = 0; i < copies; i++) child.send('listener', listenHandleOf(server) as NetServer)
    })
  } finally {
    clearTimeout(timer)
    if (child.exitCode === null && child.signalCode === null) child.kill()
    await exited
  }
}

/**
 * Gives the listening socket `total` watchers instead of one (ADR 090). Since libuv 1.45 (Node 20 and 22) a
 * watcher accepts one connection per event-loop turn, and a turn under load also answers every open connection:
 * a burst of new connections waited one whole turn each. Every watcher holds its own descriptor of the same socket
 * (from an echo child), so each turn accepts up to `total`; the connections go to `server` as its own do, and the
 * kernel keeps one accept queue, so none is lost or taken elsewhere. When duplicating fails the server keeps its
 * one watcher, and says so. `execPath` runs the echo child (this Node by default).
 */
export async function addAcceptWatchers(
  server: HttpServer,
  total: number,
  logger: Logger,
  { execPath = process.execPath }: { execPath?: string } = {},
): Promise<AcceptWatchers> {
  if (total <= 1 || !server.listening) return { count: 1, close: async () => {} }
  let handles: RawListenHandle[]
  try {
    handles = await duplicateListenHandle(server, total - 1, execPath)
  } catch (err) {
    logger.warn({ err }, 'one accept watcher only: the listening socket could not be duplicated')
    return { count: 1, close: async () => {} }
  }
  const watchers = handles.map((handle) => {
    // The options http.Server gives the sockets it accepts itself.
    const watcher = new NetServer({ noDelay: true })
    watcher.on('connection', (socket) => server.emit('connection', socket))
    watcher.on('error', (err) => logger.error({ err }, 'accept watcher failed'))
    watcher.listen(handle)
    return watcher
  })
  const close = async () => {
    await Promise.all(watchers.map((watcher) => new Promise((resolve) => watcher.close(resolve))))
  }
  return { count: watchers.length + 1, close }
}
