import type { IncomingMessage } from 'node:http'
import type { TLSSocket } from 'node:tls'

/** 127.0.0.0/8 and ::1, also IPv4-mapped: the proxies the app trusts (`trust proxy: loopback` in app.ts). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4.startsWith('127.') || address === '::1'
}

/**
 * As Express's `req.protocol` with `trust proxy: loopback`: X-Forwarded-Proto only from a local proxy. For the
 * middleware every response passes (the transport headers, the page cache's key): Express's getter runs
 * proxy-addr's address parse on every call, a few per cent of the CPU a stored page costs (ADR 090).
 */
export function requestProtocol(req: IncomingMessage): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http'
  const forwarded = req.headers['x-forwarded-proto']
  if (typeof forwarded !== 'string' || !isLoopback(req.socket.remoteAddress)) return own
  const first = forwarded.split(',')[0]!.trim()
  return first === 'https' || first === 'http' ? first : own
}
