import type { Server as NetServer, Socket } from 'node:net'
import { isLoopback } from './request-protocol'

/** Set on a socket once it is counted, so a connection handed from one server to another counts once. */
const COUNTED = Symbol('counted client connection')

type Counted = Socket & { [COUNTED]?: true }

export type ClientConnections = {
  /**
   * Counts the socket against its client's share, until it closes; false when the share is used up (the caller
   * closes it). A trusted proxy is never refused: every visitor behind it shares its address.
   */
  admit: (socket: Socket) => boolean
  /** Marks a connection as already counted (an in-memory connection for one HTTP/2 stream, say). */
  markCounted: (socket: object) => void
}

/**
 * Connections per client address (issue 36: idle keep-alive connections from one host used up the descriptors
 * of the process, and /healthz failed for everyone else). Shared by both ports, so one client's share is one.
 */
/** Something held open until it emits 'close': a socket, an HTTP/2 stream. */
type Closable = { once: (event: 'close', listener: () => void) => unknown }

/**
 * Counts what each client address holds open, up to `max` each; a trusted proxy speaks for many clients and is
 * not counted. `take` is false when the address's share is used up; a taken share comes back on 'close'.
 */
function sharesPerAddress({
  max,
  isTrustedProxy,
}: {
  max: number
  isTrustedProxy: (address: string) => boolean
}) {
  const open = new Map<string, number>()
  return {
    take(address: string | undefined, held: Closable): boolean {
      if (!address || isTrustedProxy(address)) return true
      const count = open.get(address) ?? 0
      if (count >= max) return false
      open.set(address, count + 1)
      held.once('close', () => {
        const left = (open.get(address) ?? 1) - 1
        if (left > 0) open.set(address, left)
        else open.delete(address)
      })
      return true
    },
  }
}

export function clientConnections({
  maxPerClient,
  isTrustedProxy = isLoopback,
}: {
  maxPerClient: number
  /** Peers that speak for many clients: the app's trusted proxies (`trust proxy: loopback`). */
  isTrustedProxy?: (address: string) => boolean
}): ClientConnections {
  const shares = sharesPerAddress({ max: maxPerClient, isTrustedProxy })
  return {
    admit(socket: Counted) {
      if (socket[COUNTED]) return true
      if (!shares.take(socket.remoteAddress, socket)) return false
      socket[COUNTED] = true
      return true
    },
    markCounted: (socket) => {
      ;(socket as Counted)[COUNTED] = true
    },
  }
}

/**
 * Refuses a connection past its client's share before the server reads a byte from it, as Node's own
 * `maxConnections` refuses one past the server's: the socket is destroyed.
 */
export function capClientConnections(server: NetServer, connections: ClientConnections): void {
  server.prependListener('connection', (socket: Socket) => {
    if (!connections.admit(socket)) socket.destroy()
  })
}
