import type { Server as HttpServer } from 'node:http'
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net'
import type { Logger } from '../logger'

export type AcceptWatchers = {
  /** Listening sockets on the port, the server's own included. */
  count: number
  /** Closes the extra sockets (the server's own closes with `server.close()`); resolves once they are closed. */
  close: () => Promise<void>
}

export type ListenAddress = { port: number; host: string }

/** `server.listen(options)`, settled by the `listening` or the `error` event, whichever comes first. */
export function listenOn(
  server: NetServer | HttpServer,
  options: ListenAddress & { reusePort?: boolean },
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening)
      reject(error)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(options)
  })
}

const closeAll = (servers: NetServer[]) =>
  Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))).then(() => {})

/**
 * Checks that nothing listens on the address, whether or not it set `reusePort`: a socket without the option
 * cannot share a port, so its listen fails with `EADDRINUSE` (a second copy of this server, say). Resolves to the
 * port it got (the asked one, or the one the system chose for port 0).
 */
export async function claimPort(address: ListenAddress): Promise<number> {
  const probe = createNetServer()
  await listenOn(probe, address)
  const { port } = probe.address() as AddressInfo
  await closeAll([probe])
  return port
}

/**
 * Listens on `address` with `total` listening sockets instead of one (ADR 090). Node accepts one connection per
 * socket and turn of the event loop (measured on Node 20 and 24), and a turn under load also answers every open
 * connection: a burst of new connections waited one whole turn each. With Node's documented `reusePort`, the HTTP
 * server and `total - 1` further `net.Server`s listen on the same port; the kernel spreads new connections over
 * them, each accepts one per turn, and the extra ones hand their connections to `server` (its documented way of
 * taking a connection it did not accept). The port is first claimed by a socket without `reusePort`, so a busy
 * port fails with `EADDRINUSE` as it would for one socket, a second copy of this server included (the kernel
 * shares a port only among sockets that all set the option). Where the system lacks
 * `reusePort`, the server listens on its one socket and says so.
 */
export async function listenWithAcceptWatchers(
  server: HttpServer,
  address: ListenAddress,
  total: number,
  logger: Logger,
): Promise<AcceptWatchers> {
  const single = { count: 1, close: async () => {} }
  if (total <= 1) {
    await listenOn(server, address)
    return single
  }
  const port = await claimPort(address)
  try {
    await listenOn(server, { ...address, port, reusePort: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOTSUP') throw err
    logger.warn({ err }, 'one accept watcher only: this system has no reusePort')
    await listenOn(server, { ...address, port })
    return single
  }
  const watchers: NetServer[] = []
  try {
    for (let i = 1; i < total; i++) {
      // The options http.Server gives the sockets it accepts itself.
      const watcher = createNetServer({ noDelay: true })
      watcher.on('connection', (socket) => server.emit('connection', socket))
      await listenOn(watcher, { ...address, port, reusePort: true })
      watcher.on('error', (err) => logger.error({ err }, 'accept watcher failed'))
      watchers.push(watcher)
    }
  } catch (err) {
    logger.warn({ err, watchers: watchers.length + 1 }, 'fewer accept watchers than asked')
  }
  return { count: watchers.length + 1, close: () => closeAll(watchers) }
}
