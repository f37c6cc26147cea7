import type { Request, Router } from 'express'
import type { ContentConfig } from '../../web/src/config/public-config'
import type { ContentClient } from '../../web/src/lib/content-client'
import { draftClientsFor, draftContentClient, STUDIO_URL, withThreadReads } from './draft-reads'
import type { PreviewPerspective } from '../../web/src/lib/preview/preview-perspective-contract'
import { createDraftRenderShare, type DraftRenderShare } from './draft-render-share'
import { createDraftSessions, type DraftSessions } from './draft-sessions'
import { createPreviewRouter, PREVIEW_CONTENT_PATH } from './preview-router'

/** Draft mode as the app uses it (app.ts): who is in it, how their pages read, and its routes. */
export type DraftMode = {
  sessions: DraftSessions
  /**
   * Whether this request is for a site page from a browser in a draft session: such a page reads drafts and is
   * never served from or into the page cache. The Studio's own pages never are, whatever cookie comes with them.
   */
  isDraftRequest: (req: Request) => boolean
  /**
   * How a draft page's loaders read: drafts (or published, or a release over the drafts, as the session's
   * perspective says), with stega;
   * undefined when no token is configured.
   */
  contentClientFor: (req: Request) => ContentClient | undefined
  /** What the request's draft session shows (the Presentation tool's perspective switch). */
  perspectiveOf: (req: Request) => PreviewPerspective | undefined
  /** Runs a draft page's render in its session's turn (draft-render-share.ts): 429 or 503 past its share. */
  renderInTurn: <T>(req: Request, render: () => Promise<T>) => Promise<T>
  /** The content config a draft page hands the browser: its reads and live stream go through the proxy. */
  browserContent: (content: ContentConfig) => ContentConfig
  /** Mounted at PREVIEW_MOUNT_PATH. */
  router: Router
}

export function createDraftMode({
  content,
  token,
  loopbackApiUrl,
  sessions = createDraftSessions(),
  renderShare = createDraftRenderShare(),
  enablesPerMinute,
}: {
  content: ContentConfig
  /** Reads drafts: a viewer token of the embedded content API, or SANITY_VIEWER_TOKEN; unset: no draft mode. */
  token: string | undefined
  /** The embedded content API over loopback for this request (unused with a Sanity project). */
  loopbackApiUrl: (req: Request) => string
  sessions?: DraftSessions
  renderShare?: DraftRenderShare
  /** `enable` calls one address may make a minute (tests). */
  enablesPerMinute?: number
}): DraftMode {
  const clients = token ? draftClientsFor({ content, token }) : undefined
  const clientFor = (req: Request) => clients?.(loopbackApiUrl(req), sessions.perspectiveOf(req))
  return {
    sessions,
    isDraftRequest: (req) => !isStudioPath(req.path) && sessions.isDraftRequest(req),
    perspectiveOf: (req) => sessions.perspectiveOf(req),
    contentClientFor: (req) => {
      const client = clientFor(req)
      if (!client || !token) return undefined
      const perspective = sessions.perspectiveOf(req) ?? 'drafts'
      return withThreadReads(draftContentClient(client), {
        content,
        token,
        loopbackApiUrl: loopbackApiUrl(req),
        perspective,
      })
    },
    renderInTurn: (req, render) => renderShare(sessions.idOf(req) ?? '', render),
    browserContent: (config) => ({ ...config, apiUrl: PREVIEW_CONTENT_PATH }),
    router: createPreviewRouter({ sessions, clientFor, dataset: content.dataset, enablesPerMinute }),
  }
}

/**
 * The Studio at /admin is a route of the site's app, rendered by the same handler as the site's pages, and the
 * draft session's cookie (Path=/) comes with its requests too. Rendered as a draft page, the Studio's own window
 * ran the visual editing overlay and stopped saving (issue 36): a draft page is a site page, every other route
 * the page handler renders (the Studio alone) is not (ADR 160).
 */
function isStudioPath(path: string): boolean {
  return path === STUDIO_URL || path.startsWith(`${STUDIO_URL}/`)
}
