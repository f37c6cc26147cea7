import type { RequestHandler, Response } from 'express'
import { principalOf } from './access'
import {
  callerOf,
  canReadDrafts,
  forbidden,
  liveEventsOf,
  notAuthenticated,
  type ContentStore,
  type LiveEvent,
} from '../engine'
import { listenerSlots, type ListenerLimits } from './listen'
import { flagParam } from './request'

/** How often an idle live events stream sends a comment, so proxies keep it open. */
export const LIVE_EVENTS_KEEP_ALIVE_MS = 25_000

/**
 * Open live event streams allowed; over a cap the request gets 429 (ADR 080's caps, with their own counts). Every
 * open tab of the public site holds one, and a stream costs a socket and a write per commit (no query runs), so
 * the anonymous caps are far above the listeners'; an address may hold a household's or an office's tabs.
 */
export const DEFAULT_LIVE_EVENTS_LIMITS: ListenerLimits = {
  total: 20_000,
  perUser: 100,
  anonymous: 10_000,
  anonymousPerClient: 50,
}

/** An event without a `data` line is never dispatched by EventSource, so `welcome` and `restart` carry `{}`. */
function send(res: Response, event: string, id: string, data: unknown = {}) {
  res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
}

/**
 * `GET data/live/events/:dataset`, Sanity's Live Content API (ADR 140): server-sent events, `welcome` with the
 * current position, then one `message` with `{tags}` per commit that changed what the stream covers. Published
 * documents only, unless `includeDrafts` (what @sanity/client sends) or `includeAllDocuments` (the HTTP
 * reference's name) asks for drafts, release versions and system documents, which needs a caller who may read
 * them. A `Last-Event-ID` from this stream continues after that position; one it cannot continue from gets
 * `restart` (the client should refetch everything), as does any position of an earlier server process.
 */
export function liveEventsHandler(
  store: ContentStore,
  {
    keepAliveMs = LIVE_EVENTS_KEEP_ALIVE_MS,
    limits,
  }: { keepAliveMs?: number; limits?: Partial<ListenerLimits> } = {},
): RequestHandler {
  const hub = liveEventsOf(store)
  const acquireSlot = listenerSlots({ ...DEFAULT_LIVE_EVENTS_LIMITS, ...limits }, 'live event streams')
  return (req, res) => {
    const dataset = String(req.params.dataset)
    store.dataset(dataset) // 404 in Sanity's shape for an unknown dataset
    const principal = principalOf(res)
    const everything = flagParam(req, 'includeDrafts') || flagParam(req, 'includeAllDocuments')
    if (everything && principal.kind === 'anonymous') throw notAuthenticated()
    if (everything && !canReadDrafts(principal)) throw forbidden('Reading drafts needs viewer access or more')
    const tagsOf = (event: LiveEvent) => (everything ? event.all : event.published)
    const release = acquireSlot(principal, callerOf(req.ip, principal))

    res.status(200)
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform keeps the compression middleware from buffering the stream (as data/listen does).
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    })
    res.flushHeaders()
    const position = hub.position(dataset)
    send(res, 'welcome', position)
    const lastEventId = req.get('last-event-id')
    if (lastEventId) {
      const missed = hub.resume(dataset, lastEventId)
      if (missed === undefined) send(res, 'restart', position)
      else
        for (const event of missed)
          if (tagsOf(event).length > 0) send(res, 'message', event.id, { tags: tagsOf(event) })
    }
    const unsubscribe = hub.subscribe((changed, event) => {
      if (changed !== dataset || tagsOf(event).length === 0) return
      send(res, 'message', event.id, { tags: tagsOf(event) })
    })
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), keepAliveMs)
    const unregister = store.onEndStreams(() => res.end())
    res.on('close', () => {
      release()
      clearInterval(keepAlive)
      unsubscribe()
      unregister()
    })
  }
}
