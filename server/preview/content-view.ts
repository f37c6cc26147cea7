import type { IncomingMessage } from 'node:http'
import type { Request, RequestHandler } from 'express'
import type { ContentClient } from '../../web/src/lib/content-client'
import { isStudioPath, type PreviewPerspective } from '../../web/src/lib/preview/preview-contract'
import type { DraftSessions } from './draft-sessions'

/** The Cache-Control of every answer made from a draft view: this browser's, kept by no cache (ADR 160). */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/**
 * What one request reads and who may keep what is made from it, decided once, before any handler (ADR 160):
 * - `published`: the published documents, read by `reader`; its pages are the page cache's and a CDN's to keep.
 * - a draft view: a live draft session's perspective (drafts, published, or a release stack over the drafts),
 *   read by `reader` with stega; private, never stored, and its renders take turns per `session`.
 */
export type ContentView =
  | { cachePolicy: 'shared'; perspective: 'published'; reader: ContentClient }
  | { cachePolicy: 'private'; perspective: PreviewPerspective; reader: ContentClient; session: string }

export type ContentViewSources = {
  /** The published content's reader for this request: in-process, or the content API over HTTP. */
  published: (req: Request) => ContentClient
  /** Draft sessions and how their pages read; absent without draft mode (no token to read drafts). */
  drafts?: {
    sessions: DraftSessions
    reader: (req: Request, perspective: PreviewPerspective) => ContentClient
  }
}

/**
 * The one draft decision: a draft view for a site page from a browser with a live draft session's cookie;
 * published for everything else: no cookie, a forged or expired one, a token in the request (a token opens no
 * draft page), and the Studio's own pages, which its cookie (`Path=/`) comes with too (issue 36).
 */
export function decideContentView(req: Request, { published, drafts }: ContentViewSources): ContentView {
  const session = drafts && !isStudioPath(req.path) ? drafts.sessions.lookup(req) : undefined
  if (!session) return { cachePolicy: 'shared', perspective: 'published', reader: published(req) }
  return {
    cachePolicy: 'private',
    perspective: session.perspective,
    reader: drafts!.reader(req, session.perspective),
    session: session.id,
  }
}

const views = new WeakMap<IncomingMessage, ContentView>()

/** Decides each request's content view once (app.ts, before the stored pages and every router). */
export function contentViews(sources: ContentViewSources): RequestHandler {
  return (req, _res, next) => {
    views.set(req, decideContentView(req, sources))
    next()
  }
}

/** The request's content view, as `contentViews` decided it. */
export function contentViewOf(req: IncomingMessage): ContentView {
  const view = views.get(req)
  if (!view) throw new Error('The request has no content view: contentViews() runs before every handler')
  return view
}
