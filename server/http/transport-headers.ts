import type { RequestHandler } from 'express'
import { hostNameOf, isLocalHostName } from './public-origin'
import { requestProtocol } from './request-protocol'

/**
 * Features no page of the site uses, turned off for it and for every frame it embeds. Geolocation is the site's
 * own only: "Find my nearest area" asks for it (docs/fan-site-rules.md §10), no embedded frame may. The YouTube
 * players' own features (autoplay, fullscreen, sensors, clipboard) keep their defaults.
 */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()'

/** One year; browsers remember that this host is HTTPS-only once they saw it over HTTPS. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000'

const PLAIN = ['Permissions-Policy', PERMISSIONS_POLICY]
const WITH_HSTS = [...PLAIN, 'Strict-Transport-Security', STRICT_TRANSPORT_SECURITY]

/**
 * `Permissions-Policy` on every response, and `Strict-Transport-Security` on responses that went out over
 * HTTPS (directly or through a trusted loopback proxy; ADR 086). Never on plain HTTP, where it means nothing
 * and the site is still served (tests, a proxy that adds its own). No `includeSubDomains`: the band's other
 * hosts are not ours to decide. Not for this machine's own names either: HSTS holds for every port of a host,
 * and the plain-HTTP site on `localhost:3000` would stop loading after one visit to the Studio on
 * `https://localhost:3443`. As a flat `[name, value, ...]` list and as middleware.
 */
export function transportHeaderList(secure: boolean, hostHeader: string | undefined): readonly string[] {
  if (!secure) return PLAIN
  const host = hostNameOf(hostHeader)
  return host && !isLocalHostName(host) ? WITH_HSTS : PLAIN
}

export const transportHeaders: RequestHandler = (req, res, next) => {
  const list = transportHeaderList(requestProtocol(req) === 'https', req.headers.host)
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i]!, list[i + 1]!)
  next()
}
