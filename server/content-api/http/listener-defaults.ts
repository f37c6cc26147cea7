import type { Response } from 'express'
import { type ContentApiError, isDraftId, isPublishedId } from '../engine'

/**
 * Which documents a listener hears about by default (ADR 140). From API version 2025-02-19 (and `vX`) a
 * listener reports published documents only, as queries default to the published perspective; it hears drafts
 * too when it asks for a perspective that shows them (`drafts`, `previewDrafts`, `raw`), and every draft and
 * release version with `includeAllVersions=true` (what the Studio asks for). Older versions keep the old
 * default: published documents and drafts, no release versions.
 */
export const PUBLISHED_LISTENER_DEFAULT_FROM = '2025-02-19'

const PERSPECTIVES_WITH_DRAFTS = new Set(['drafts', 'previewDrafts', 'raw'])

export type ListenerScope = (documentId: string) => boolean

export function listenerScope(
  apiVersion: string,
  options: { includeAllVersions: boolean; perspective?: string },
): ListenerScope {
  if (options.includeAllVersions) return () => true
  const perspectives = (options.perspective ?? '').split(',').map((p) => p.trim())
  const newDefault =
    apiVersion === 'X' || (apiVersion !== '1' && apiVersion >= PUBLISHED_LISTENER_DEFAULT_FROM)
  const withDrafts = !newDefault || perspectives.some((p) => PERSPECTIVES_WITH_DRAFTS.has(p))
  return withDrafts ? (id) => isPublishedId(id) || isDraftId(id) : isPublishedId
}

/**
 * A listener whose query does not parse, or whose dataset does not exist, is answered as Sanity does: a stream
 * with one `channelError` event carrying the error body, so @sanity/client raises a `ChannelError` with the
 * GROQ message (and its code frame) instead of retrying a failed connection.
 */
export function answerWithChannelError(res: Response, error: ContentApiError): void {
  res.status(200)
  res.set({ 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform' })
  res.end(`event: channelError\ndata: ${JSON.stringify(error.toBody())}\n\n`)
}
