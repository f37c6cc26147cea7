import os from 'node:os'

/**
 * A local address that is not loopback, for an attacker on this machine: loopback is the trusted proxy (Caddy),
 * which speaks for many clients and is not held to one client's connections. Without one, 127.0.0.2.
 */
export function attackerAddress(): string {
  const own = Object.values(os.networkInterfaces())
    .flat()
    .find((info) => info && info.family === 'IPv4' && !info.internal)
  return own?.address ?? '127.0.0.2'
}
