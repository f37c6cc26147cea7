import type { RequestHandler } from 'express'
import { isStudioPath } from '../../web/src/lib/preview/preview-contract'
import { hostNameOf } from './public-origin'

/**
 * The Studio needs HTTP/2, which browsers only speak over TLS (docs/architecture.md §2), so /admin on the plain port
 * sends the browser to the same path on HTTPS_PORT. The public site stays reachable over plain HTTP.
 * With an HTTPS SITE_URL the Studio is at that origin; with a plain one, on its host at HTTPS_PORT; without
 * one, on the request's host, which the host allow-list has vetted (public-origin.ts).
 */
export function adminHttpsRedirect(httpsPort: number, siteUrl?: URL): RequestHandler {
  return (req, res, next) => {
    const isAdmin = isStudioPath(req.path)
    if (req.secure || !isAdmin || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    const target =
      siteUrl?.protocol === 'https:'
        ? siteUrl.origin
        : httpsPort
          ? `https://${siteUrl ? siteUrl.hostname : hostNameOf(req.get('host'))}:${httpsPort}`
          : null
    if (!target) return next()
    res.set('Cache-Control', 'no-store')
    res.redirect(302, `${target}${req.originalUrl}`)
  }
}
