import type { Request, Router } from 'express'
import type { ContentConfig } from '../../web/src/config/public-config'
import { PREVIEW_CONTENT_PATH, type PreviewPerspective } from '../../web/src/lib/preview/preview-contract'
import type { ContentViewSources } from './content-view'
import { draftClientsFor, draftContentClient, withThreadReads } from './draft-reads'
import { createDraftRenderShare, type DraftRenderShare } from './draft-render-share'
import { createDraftSessions, type DraftSessions } from './draft-sessions'
import { createPreviewRouter } from './preview-router'

/** Draft mode as the app uses it (app.ts): who is in it, how their pages read, and its routes. */
export type DraftMode = {
  sessions: DraftSessions
  /** The draft side of each request's content view (content-view.ts); undefined when no token is configured. */
  drafts: ContentViewSources['drafts']
  /** Runs a draft page's render in its session's turn (draft-render-share.ts): 429 or 503 past its share. */
  renderInTurn: DraftRenderShare
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
  const clientFor = (req: Request, perspective?: PreviewPerspective) =>
    clients?.(loopbackApiUrl(req), perspective)
  // Drafts (or published, or a release over the drafts, as the session's perspective says), with stega; the
  // reads say how to be made again in the draft render thread (server/ssr/draft-render-pool.ts).
  const reader = (req: Request, perspective: PreviewPerspective) =>
    withThreadReads(draftContentClient(clients!(loopbackApiUrl(req), perspective)), {
      content,
      token: token!,
      loopbackApiUrl: loopbackApiUrl(req),
      perspective,
    })
  return {
    sessions,
    drafts: clients ? { sessions, reader } : undefined,
    renderInTurn: renderShare,
    browserContent: (config) => ({ ...config, apiUrl: PREVIEW_CONTENT_PATH }),
    router: createPreviewRouter({ sessions, clientFor, dataset: content.dataset, enablesPerMinute }),
  }
}
