import { createClient } from '@sanity/client'
import { liveEventsOf, type ContentStore } from '../content-api/engine'
import type { Logger } from '../logger'

/**
 * Tells the page cache that published content changed (ADR 090), with the sync tags the change fired (ADR 140):
 * only pages that read something a tag names go. No tags: anything may have changed. `maxAgeMs` bounds how long
 * a render may be kept when changes can be missed (a stream that reconnects); unset: changes are never missed.
 */
export type ContentChanges = {
  subscribe: (onChange: (syncTags?: readonly string[]) => void) => () => void
  maxAgeMs?: number
}

/** The embedded default: the content store's live events, for commits that touch a published document. */
export function embeddedContentChanges(store: ContentStore, dataset: string): ContentChanges {
  return {
    subscribe: (onChange) =>
      liveEventsOf(store).subscribe((changed, event) => {
        if (changed === dataset && event.published.length > 0) onChange(event.published)
      }),
  }
}

export type SanityChangesOptions = {
  projectId: string
  dataset: string
  apiVersion: string
  /** Default: Sanity's API (`https://<projectId>.api.sanity.io`); tests point it at a local server. */
  apiHost?: string
  logger: Logger
  /** The fallback when an event is missed: pages are rendered again at least this often. */
  maxAgeMs: number
}

/**
 * A Sanity project: the official client's Live Content API stream (`client.live.events()`) reports the sync tags
 * of every change to published content. A `welcome` (changes before the stream opened may have been missed), a
 * `restart` (the stream cannot say what was missed) and a `reconnect` count as a change of anything, and `maxAgeMs` bounds a render should the stream
 * stall without the client noticing.
 */
export function sanityContentChanges({
  projectId,
  dataset,
  apiVersion,
  apiHost,
  logger,
  maxAgeMs,
}: SanityChangesOptions): ContentChanges {
  const client = createClient({
    projectId,
    dataset,
    apiVersion,
    useCdn: false,
    ...(apiHost ? { apiHost, useProjectHostname: false } : {}),
  })
  return {
    maxAgeMs,
    subscribe: (onChange) => {
      const subscription = client.live.events().subscribe({
        next: (event) => {
          if (event.type === 'message') return onChange(event.tags)
          if (event.type === 'reconnect') logger.warn('content live events reconnecting; pages render again')
          if (event.type === 'goaway')
            logger.warn({ reason: event.reason }, 'content live events closed by Sanity')
          onChange()
        },
        error: (err: unknown) =>
          logger.error({ err }, `content live events stopped; pages live at most ${maxAgeMs / 1000} s`),
      })
      return () => subscription.unsubscribe()
    },
  }
}
