import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { SanityClient } from '@sanity/client'
import { validatePreviewUrl } from '@sanity/preview-url-secret'
import { json, Router, type Request, type Response } from 'express'
import { HttpError } from '../http/errors'
import { previewPerspectiveOf, type PreviewPerspective } from '../../web/src/lib/preview/preview-contract'
import { contentViewOf, PRIVATE_CACHE_CONTROL } from './content-view'
import type { DraftSessions } from './draft-sessions'
import { plainClient } from './draft-reads'
import { enableRateLimit } from './enable-rate-limit'
import { SITE_QUERIES } from './site-queries'
import { createUsedSecrets, type UsedSecrets } from './used-secrets'

/**
 * Live draft streams one draft session may hold through the proxy: the Presentation tool's frame and a few tabs.
 * All sessions share the server token's cap of the content API's streams, so one session must not take them all.
 */
export const LIVE_STREAMS_PER_SESSION = 4

/** A path on this site (`/news?page=2`), never another origin (`//evil.example`, `/\evil.example`). */
export function sitePathOr(target: string | undefined, fallback = '/'): string {
  return target && target.startsWith('/') && !/^\/[/\\]/.test(target) ? target : fallback
}

/** `$name=<json>` query parameters, as the content API reads them. */
function paramsOf(req: Request): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(req.query)) {
    if (!key.startsWith('$') || typeof value !== 'string') continue
    try {
      params[key.slice(1)] = JSON.parse(value) as unknown
    } catch {
      throw new HttpError(400, `Parameter ${key} is not valid JSON`)
    }
  }
  return params
}

type PreviewRouterOptions = {
  sessions: DraftSessions
  /** The draft-reading client for this request and perspective (default drafts); undefined without a token. */
  clientFor: (req: Request, perspective?: PreviewPerspective) => SanityClient | undefined
  dataset: string
  /** Which preview secrets have started a session (single-use secrets). */
  usedSecrets?: UsedSecrets
  /** `enable` calls one address may make a minute. */
  enablesPerMinute?: number
}

const refuse = (res: Response, status: number, message: string) =>
  res.status(status).set('Cache-Control', 'no-store').json({ message })

/**
 * Draft mode (issue 28, ADR 160): `GET enable` checks the preview secret the Studio's Presentation tool created
 * (a document only a signed-in editor can write) and starts a draft session for this browser; `GET disable` ends
 * it. While it lasts, the browser reads drafts through `content/...`, which asks the content API with the
 * server's token: the token never reaches the browser, and without a session these answer 401.
 */
export function createPreviewRouter(options: PreviewRouterOptions): Router {
  const router = Router()
  mountSessionRoutes(router, options)
  mountDraftContentRoutes(router, options)
  return router
}

function mountSessionRoutes(router: Router, options: PreviewRouterOptions) {
  const { sessions, clientFor, usedSecrets = createUsedSecrets() } = options
  // Anonymous, and each call costs a query: limited per address, as the sign-in is (issue 36).
  router.get('/enable', enableRateLimit(options.enablesPerMinute), async (req, res) => {
    const secret = req.query['sanity-preview-secret']
    if (typeof secret !== 'string' || !secret) return refuse(res, 401, 'Missing preview secret')
    const client = clientFor(req)
    if (!client) return refuse(res, 503, 'Draft preview is not configured on this server')
    // Single-use: a used secret opens only the session it started (the tool reloading its frame), no other.
    const usedBy = usedSecrets.sessionOf(secret)
    const view = contentViewOf(req)
    if (usedBy !== undefined && (view.cachePolicy === 'private' ? view.session : undefined) !== usedBy) {
      return refuse(res, 401, 'This preview secret was already used; open the preview from the Studio again')
    }
    const { isValid, redirectTo, studioPreviewPerspective } = await validatePreviewUrl(
      plainClient(client),
      req.originalUrl,
    )
    if (!isValid) return refuse(res, 401, 'Invalid or expired preview secret')
    // Another browser's call with the same secret may have finished while this one was checked.
    if (usedSecrets.sessionOf(secret) !== usedBy) {
      return refuse(res, 401, 'This preview secret was already used; open the preview from the Studio again')
    }
    // The perspective the tool was showing when it opened the preview (`sanity-preview-perspective`).
    const session = usedBy ?? sessions.start(previewPerspectiveOf(studioPreviewPerspective))
    usedSecrets.use(secret, session)
    res
      .status(307)
      .set({ 'Cache-Control': 'no-store', 'Set-Cookie': sessions.cookie(session, req.secure) })
      .location(sitePathOr(redirectTo))
      .end()
  })

  const disable = (req: Request, res: Response) => {
    sessions.end(req)
    res
      .status(303)
      .set({ 'Cache-Control': 'no-store', 'Set-Cookie': sessions.cookie(undefined, req.secure) })
      .location(sitePathOr(typeof req.query.redirect === 'string' ? req.query.redirect : undefined))
      .end()
  }
  router.get('/disable', disable)
  router.post('/disable', disable)

  // The Presentation tool's perspective switch, as the overlay reports it (web/src/preview/start-overlay.ts, at
  // PREVIEW_PERSPECTIVE_PATH):
  // this session's pages and reads show drafts, published documents or a release over the drafts from now on. A
  // JSON body only, so a form on another site cannot send it (the cookie is SameSite=Strict besides).
  router.put('/perspective', json({ limit: '1kb' }), (req: Request, res: Response) => {
    if (!req.is('application/json')) return refuse(res, 415, 'Send the perspective as JSON')
    const perspective = previewPerspectiveOf((req.body as { perspective?: unknown } | undefined)?.perspective)
    if (!sessions.setPerspective(req, perspective)) {
      return refuse(res, 401, 'No draft session; open the preview from the Studio')
    }
    res.status(200).set('Cache-Control', PRIVATE_CACHE_CONTROL).json({ perspective })
  })
}

function mountDraftContentRoutes(router: Router, { clientFor, dataset }: PreviewRouterOptions) {
  /** The draft session's client and id, or a 401 answered. */
  const draftClient = (req: Request, res: Response) => {
    const view = contentViewOf(req)
    if (view.cachePolicy !== 'private') {
      refuse(res, 401, 'No draft session; open the preview from the Studio')
      return undefined
    }
    const client = clientFor(req, view.perspective)
    if (!client) refuse(res, 503, 'Draft preview is not configured on this server')
    else if (req.params.dataset !== dataset) {
      throw new HttpError(404, `Dataset "${String(req.params.dataset)}" not found`)
    }
    return client && { client, session: view.session }
  }

  router.get('/content/:version/data/query/:dataset', async (req, res) => {
    const { client } = draftClient(req, res) ?? {}
    if (!client) return
    const query = req.query.query
    if (typeof query !== 'string' || !query) throw new HttpError(400, 'The query parameter is required')
    // The server's token reads everything, preview secrets and system documents too: only the site's own
    // queries go through with it (site-queries.ts).
    if (!SITE_QUERIES.has(query)) {
      throw new HttpError(403, "The draft preview answers the site's own queries only")
    }
    const response = await client.fetch<unknown>(query, paramsOf(req), { filterResponse: false })
    res
      .set('Cache-Control', PRIVATE_CACHE_CONTROL)
      .json({ result: response.result, syncTags: response.syncTags })
  })

  // The Live Content API with drafts, streamed through with the server's token: the site's live updates
  // (web/src/lib/live-updates.ts) follow draft edits as they follow publishes.
  const streamsBySession = new Map<string, number>()
  router.get('/content/:version/data/live/events/:dataset', async (req, res) => {
    const { client, session } = draftClient(req, res) ?? {}
    if (!client || !session) return
    const open = streamsBySession.get(session) ?? 0
    if (open >= LIVE_STREAMS_PER_SESSION) {
      return refuse(
        res,
        429,
        `This draft session has ${open} live previews open, the most it may; close a preview tab and reload`,
      )
    }
    streamsBySession.set(session, open + 1)
    let released = false
    const release = () => {
      if (released) return
      released = true
      const left = (streamsBySession.get(session) ?? 1) - 1
      if (left > 0) streamsBySession.set(session, left)
      else streamsBySession.delete(session)
    }
    const upstream = new AbortController()
    res.on('close', () => {
      release()
      upstream.abort()
    })
    try {
      await streamLiveEvents(req, res, client, upstream.signal)
    } catch (error) {
      release()
      throw error
    }
  })
}

/** The Live Content API's draft events, streamed through with the server's token. */
async function streamLiveEvents(req: Request, res: Response, client: SanityClient, signal: AbortSignal) {
  const lastEventId = req.get('last-event-id')
  const answer = await fetch(`${client.getUrl(client.getDataUrl('live/events'))}?includeDrafts=true`, {
    headers: {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${client.config().token}`,
      ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal,
  })
  // The token's own cap, all sessions together: the browser's to retry later, not the server's failure.
  if (answer.status === 429) {
    await answer.body?.cancel()
    throw new HttpError(429, 'Too many live draft previews are open on this server; try again in a moment')
  }
  if (!answer.ok || !answer.body) throw new HttpError(502, `The live events stream answered ${answer.status}`)
  res.status(200).set({
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'private, no-store, no-transform',
    'X-Accel-Buffering': 'no',
  })
  res.flushHeaders()
  Readable.fromWeb(answer.body as NodeReadableStream<Uint8Array>)
    .on('error', () => res.end())
    .pipe(res)
}
