import type { RequestHandler } from 'express'
import type { PublicConfig } from '../../web/src/config/public-config'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import { pageRendition } from '../page-cache/page-rendition'
import type { PageResponses } from '../page-cache/page-responses'
import { recordRenderReads } from '../page-cache/render-reads'
import type { RenditionInput } from '../page-cache/rendition'
import { sendRendition } from '../page-cache/send-rendition'
import type { DraftMode } from '../preview/draft-mode'
import { draftRenderUrl } from '../preview/draft-render-url'
import type { Renderer } from './renderer'

/** A draft page is kept by no cache (ADR 160). */
export const DRAFT_CACHE_CONTROL = 'private, no-store'

export function ssrHandler({
  renderer,
  publicConfig,
  clock,
  pages,
  contentClient,
  contentApiUrl,
  draftMode,
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
  /** Draft sessions: their pages read drafts and bypass the page cache (ADR 160). */
  draftMode?: DraftMode
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const apiUrl = contentApiUrl?.(req)
    const draftClient = draftMode?.isDraftRequest(req) ? draftMode.contentClientFor(req) : undefined
    // Renders from the URL alone: no header, cookie or other request state may reach bytes served to everyone.
    // A draft page is the exception, and is sent to its browser only (below).
    const produce = async (url: URL): Promise<RenditionInput> => {
      // What the render reads decides which publishes drop it from the page cache (ADR 140).
      const reads = contentClient && !draftClient ? recordRenderReads(contentClient) : undefined
      const result = await renderer.render(new Request(url), {
        publicConfig: {
          ...publicConfig,
          siteUrl: url.origin,
          // A draft page is the band's own work in the Studio's preview, not a fan's visit: no analytics, no
          // Google tag (ADR 160).
          ...(draftClient && draftMode
            ? { content: draftMode.browserContent(publicConfig.content), gaMeasurementId: undefined }
            : {}),
        },
        contentClient: draftClient ?? reads?.client,
        contentApiUrl: apiUrl,
        now: clock.now(),
        draftMode: !!draftClient,
        previewPerspective: draftClient ? draftMode?.perspectiveOf(req) : undefined,
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
      if (draftClient) {
        // Never the page cache, never a shared cache: this browser's drafts only (ADR 160).
        const url = draftRenderUrl(req, publicConfig.siteUrl)
        const rendition = await draftMode!.renderInTurn(req, () => produce(url))
        sendRendition(req, res, await pageRendition(rendition, DRAFT_CACHE_CONTROL))
        return
      }
      await pages.respond(req, res, produce, { asPage: true })
    } catch (error) {
      next(error)
    }
  }
}
