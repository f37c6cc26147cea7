import type { RequestHandler } from 'express'
import type { PublicConfig } from '../../web/src/config/public-config'
import type { Clock } from '../clock'
import type { Renderer } from './renderer'

/** Builds the Fetch API request the React Router static handler expects from an Express request. */
function toFetchRequest(url: URL, req: Parameters<RequestHandler>[0]): Request {
  const headers = new Headers()
  for (const [key, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(key, value)
    else if (Array.isArray(value)) value.forEach((v) => headers.append(key, v))
  }
  return new Request(url, { method: req.method, headers })
}

export function ssrHandler({
  renderer,
  publicConfig,
  siteUrl,
  clock,
  contentApiUrl,
}: {
  renderer: Renderer
  publicConfig: PublicConfig
  siteUrl?: string
  clock: Clock
  /** Where the render's loaders read content (see RenderOptions.contentApiUrl). */
  contentApiUrl?: (req: Parameters<RequestHandler>[0]) => string
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    try {
      const origin = siteUrl ?? `${req.protocol}://${req.get('host')}`
      const url = new URL(req.originalUrl, origin)
      const result = await renderer.render(toFetchRequest(url, req), {
        publicConfig: { ...publicConfig, siteUrl: origin },
        nonce: res.locals.cspNonce,
        contentApiUrl: contentApiUrl?.(req),
        now: clock.now(),
      })
      if (result.type === 'redirect') {
        res.redirect(result.status, result.location)
        return
      }
      const html = renderer.transformHtml
        ? await renderer.transformHtml(req.originalUrl, result.html)
        : result.html
      // Pages carry content that editors change at any time: always revalidate.
      res.status(result.status).set('Cache-Control', 'no-cache').type('html').send(html)
    } catch (error) {
      next(error)
    }
  }
}
