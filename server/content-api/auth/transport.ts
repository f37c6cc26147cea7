import type { Request } from 'express'
import { ContentApiError } from '../engine'

/**
 * Secrets (passwords, one-time sids, bearer tokens) only travel over HTTPS, or over plain HTTP between two
 * programs on this machine (ADR 086). `req.secure` and `req.ip` follow Express's `trust proxy`: the app trusts
 * loopback proxies only, so a proxy on this machine (Caddy, the built-in HTTPS front) vouches for HTTPS with
 * `X-Forwarded-Proto: https` and for the client with `X-Forwarded-For`; a remote client's own headers count
 * for nothing.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address
  return bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
}

export function carriesSecretsSafely(req: Request): boolean {
  return req.secure || isLoopbackAddress(req.ip)
}

export const PLAIN_HTTP_REFUSED =
  'Sign-in and tokens need HTTPS; use the HTTPS address (plain HTTP is accepted from this machine only)'

/** The 403 for a secret that arrived over plain HTTP from another machine. */
export const insecureTransport = () => new ContentApiError(403, 'insecureTransport', PLAIN_HTTP_REFUSED)
