import type { RequestHandler } from 'express'
import type { PublicConfig } from '../../web/src/config/public-config'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import type { PageResponses } from '../page-cache/page-responses'
import { recordRenderReads } from '../page-cache/render-reads'
import type { RenditionInput } from '../page-cache/rendition'
import type { Renderer } from './renderer'

export function ssrHandler({
  renderer,
  publicConfig,
  clock,
  pages,
  contentClient,
  contentApiUrl,
}: {
  renderer: Renderer
  publicConfig: PublicConfig
  clock: Clock
  /** The page cache: answers stored pages, stores new renders (ADR 090). */
  pages: PageResponses
  /** How renders read content in-process (the embedded content store); else over HTTP from `contentApiUrl`. */
  contentClient?: ContentClient
  /** Where the render's loaders read content over HTTP (see RenderOptions.contentApiUrl). */
  contentApiUrl?: (req: Parameters<RequestHandler>[0]) => string
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const apiUrl = contentApiUrl?.(req)
    // Renders from the URL alone: no header, cookie or other request state may reach bytes served to everyone.
    const produce = async (url: URL): Promise<RenditionInput> => {
      // What the render reads decides which publishes drop it from the page cache (ADR 140).
      const reads = contentClient ? recordRenderReads(contentClient) : undefined
      const result = await renderer.render(new Request(url), {
        publicConfig: { ...publicConfig, siteUrl: url.origin },
        contentClient: reads?.client,
        contentApiUrl: apiUrl,
        now: clock.now(),
      })
      if (result.type === 'redirect') {
        return {
          status: result.status,
          contentType: 'text/plain; charset=utf-8',
          body: '',
          headers: { location: result.location },
          syncTags: reads?.syncTags(),
        }
      }
      const path = url.pathname + url.search
      const html = renderer.transformHtml ? await renderer.transformHtml(path, result.html) : result.html
      return {
        status: result.status,
        contentType: 'text/html; charset=utf-8',
        body: html,
        syncTags: reads?.syncTags(),
      }
    }
    try {
      await pages.respond(req, res, produce, { asPage: true })
    } catch (error) {
      next(error)
    }
  }
}
