import { createClient } from '@sanity/client'
import { isPublicId, type ContentStore } from '../content-api/engine'
import type { Logger } from '../logger'

/**
 * Tells the page cache that published content changed (ADR 090). `maxAgeMs` bounds how long a render may be
 * kept when changes can be missed (a listener that reconnects); unset: changes are never missed.
 */
export type ContentChanges = {
  subscribe: (onChange: () => void) => () => void
  maxAgeMs?: number
}

/** The embedded default: the content store reports every commit that touches a published document. */
export function embeddedContentChanges(store: ContentStore, dataset: string): ContentChanges {
  return {
    subscribe: (onChange) =>
      store.onPublicCommit((change) => {
        if (change.dataset === dataset) onChange()
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
 * A Sanity project: the official client's listener (server-sent events) reports mutations of published
 * documents. Every (re)connection also counts as a change, since events may have been missed meanwhile, and
 * `maxAgeMs` bounds a render should the stream stall without the client noticing.
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
      const subscription = client
        .listen(
          '*',
          {},
          {
            events: ['welcome', 'mutation', 'reconnect'],
            includeResult: false,
            includePreviousRevision: false,
            visibility: 'query',
          },
        )
        .subscribe({
          next: (event) => {
            if (event.type === 'mutation' && !isPublicId(event.documentId)) return
            if (event.type === 'reconnect') logger.warn('content listener reconnecting; pages render again')
            onChange()
          },
          error: (err: unknown) =>
            logger.error({ err }, `content listener stopped; pages live at most ${maxAgeMs / 1000} s`),
        })
      return () => subscription.unsubscribe()
    },
  }
}
