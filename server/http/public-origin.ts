import { isIPv6 } from 'node:net'
import type { Request, RequestHandler } from 'express'

/**
 * Which `Host` headers the server answers for, and the origin absolute URLs are built from (ADR 086). The
 * Host header is the client's to choose: trusted as it is, `Host: evil.example` would steer the /admin
 * redirect, the canonical link and the login URL. SITE_URL's host, the loopback names (`*.localhost` too) and
 * ALLOWED_HOSTS are served; any other host gets 400.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

export type HostPolicy = { siteUrl?: URL; allowedHosts: string[] }

export function hostPolicyFrom(env: { SITE_URL?: string; ALLOWED_HOSTS?: string[] }): HostPolicy {
  return { siteUrl: env.SITE_URL ? new URL(env.SITE_URL) : undefined, allowedHosts: env.ALLOWED_HOSTS ?? [] }
}

const HOST_HEADER = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i
/** A DNS label: letters, digits and inner hyphens, 1 to 63 of them (RFC 1123). */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i

/** `name` is a host name made of labels (no empty one: `a..localhost`, `.x`, `x.`), or an IP literal. */
function isHostName(name: string): boolean {
  if (name.startsWith('[')) return isIPv6(name.slice(1, -1))
  return name.length <= 253 && name.split('.').every((label) => LABEL.test(label))
}

/**
 * The host name of a Host header, without its port, lower-cased; null when it is not `name[:port]` with a
 * well-formed name and a port from 1 to 65535 (`localhost:99999` names no port: no URL can be built from it).
 */
export function hostNameOf(host: string | undefined): string | null {
  const match = HOST_HEADER.exec(host ?? '')
  if (!match || !isHostName(match[1]!)) return null
  const port = match[2] === undefined ? 1 : Number(match[2])
  return port >= 1 && port <= 65_535 ? match[1]!.toLowerCase() : null
}

/** This machine's own names: `*.localhost` always resolves here (RFC 6761), so none points a browser elsewhere. */
export function isLocalHostName(name: string | null): boolean {
  return !!name && (LOOPBACK_HOSTS.includes(name) || name.endsWith('.localhost'))
}

export function isAllowedHost(host: string | undefined, policy: HostPolicy): boolean {
  const name = hostNameOf(host)
  if (!name) return false
  return isLocalHostName(name) || name === policy.siteUrl?.hostname || policy.allowedHosts.includes(name)
}

/** 400 for a Host header that is not ours, before anything builds a URL from it. */
export function hostAllowList(policy: HostPolicy): RequestHandler {
  // The answer for the Host values seen last: a site is asked for under a handful of names, and the check
  // (a pattern and every label) runs before every response. Bounded, since any client may send any value.
  const seen = new Map<string | undefined, boolean>()
  return (req, res, next) => {
    const host = req.headers.host
    let allowed = seen.get(host)
    if (allowed === undefined) {
      allowed = isAllowedHost(host, policy)
      if (seen.size >= 100) seen.clear()
      seen.set(host, allowed)
    }
    if (allowed) return next()
    res
      .status(400)
      .set('Cache-Control', 'no-store')
      .json({ error: 'Unknown host: this server answers for SITE_URL, ALLOWED_HOSTS and localhost only' })
  }
}

/**
 * The origin for absolute URLs: SITE_URL's when the request came in over SITE_URL's scheme, otherwise the
 * request's own (its host vetted by `hostAllowList`), e.g. the Studio on HTTPS_PORT when SITE_URL is plain HTTP.
 */
export function publicOriginOf(req: Request, policy: HostPolicy): string {
  const { siteUrl } = policy
  if (siteUrl && siteUrl.protocol === `${req.protocol}:`) return siteUrl.origin
  return `${req.protocol}://${req.get('host')}`
}
