import type { RequestHandler } from 'express'

/**
 * The Studio needs HTTP/2, which browsers only speak over TLS (DESIGN §2), so /admin on the plain port
 * sends the browser to the same path on HTTPS_PORT. The public site stays reachable over plain HTTP.
 */
export function adminHttpsRedirect(httpsPort: number): RequestHandler {
  return (req, res, next) => {
    const isAdmin = req.path === '/admin' || req.path.startsWith('/admin/')
    if (!httpsPort || req.secure || !isAdmin || (req.method !== 'GET' && req.method !== 'HEAD')) return next()
    res.set('Cache-Control', 'no-store')
    res.redirect(302, `https://${req.hostname}:${httpsPort}${req.originalUrl}`)
  }
}
