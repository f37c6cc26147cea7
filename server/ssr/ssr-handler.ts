import type { RequestHandler } from 'express'
import type { PublicConfig } from '../../web/src/config/public-config'
import type { Clock } from '../clock'
import { pageRendition } from '../page-cache/page-rendition'
import type { PageResponses } from '../page-cache/page-responses'
import { recordRenderReads } from '../page-cache/render-reads'
import type { RenditionInput } from '../page-cache/rendition'
import { sendRendition } from '../page-cache/send-rendition'
import { contentViewOf, PRIVATE_CACHE_CONTROL } from '../preview/content-view'
import type { DraftMode } from '../preview/draft-mode'
import { draftRenderUrl } from '../preview/draft-render-url'
import type { Renderer } from './renderer'

export function ssrHandler({
  renderer,
  publicConfig,
  clock,
  pages,
  draftMode,
}: {
  renderer: Renderer
  publicConfig: PublicConfig
  clock: Clock
  /** The page cache: answers stored pages, stores new renders (ADR 090). */
  pages: PageResponses
  /** Draft sessions: their pages take turns and read through the preview proxy in the browser (ADR 160). */
  draftMode?: DraftMode
}): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // What the page reads, and whether it is this browser's alone (content-view.ts, decided once per request).
    const view = contentViewOf(req)
    const draft = view.cachePolicy === 'private' && draftMode ? { ...view, draftMode } : undefined
    // Renders from the URL alone: no header, cookie or other request state may reach bytes served to everyone.
    // A draft page is the exception, and is sent to its browser only (below).
    const produce = async (url: URL): Promise<RenditionInput> => {
      // What the render reads decides which publishes drop it from the page cache (ADR 140).
      const reads = draft ? undefined : recordRenderReads(view.reader)
      const result = await renderer.render(new Request(url), {
        publicConfig: {
          ...publicConfig,
          siteUrl: url.origin,
          // A draft page is the band's own work in the Studio's preview, not a fan's visit: no analytics, no
          // Google tag (ADR 160).
          ...(draft
            ? { content: draft.draftMode.browserContent(publicConfig.content), gaMeasurementId: undefined }
            : {}),
        },
        contentClient: reads?.client ?? view.reader,
        now: clock.now(),
        draftMode: !!draft,
        previewPerspective: draft?.perspective,
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
      if (draft) {
        // Never the page cache, never a shared cache: this browser's drafts only (ADR 160).
        const url = draftRenderUrl(req, publicConfig.siteUrl)
        const rendition = await draft.draftMode.renderInTurn(draft.session, () => produce(url))
        sendRendition(req, res, await pageRendition(rendition, PRIVATE_CACHE_CONTROL))
        return
      }
      await pages.respond(req, res, produce, { asPage: true })
    } catch (error) {
      next(error)
    }
  }
}
