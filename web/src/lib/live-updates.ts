import type { Query, QueryClient } from '@tanstack/react-query'
import type { ContentConfig } from '../config/public-config'
import { liveEventPosition } from './live-event-position'
import { syncTagsOf } from './sync-tags'

/**
 * Open tabs follow publishes through the Live Content API (ADR 140): a plain EventSource (not @sanity/client,
 * which is large) on the content API's `data/live/events`, and each `message`'s sync tags refetch the content
 * queries that read something they name. `restart` (the stream lost its place) refetches every content query.
 * Loaded after hydration, when the browser is idle. When the stream fails for good, the query client's own
 * refetch rules (stale time, window focus, polling of tour dates) are what remains.
 */

/** Sanity's live events are served by the API host, not the API CDN the queries read. */
export function liveEventsUrl({ apiUrl, apiVersion, dataset }: ContentConfig): string {
  const base = apiUrl.replace(/\/$/, '').replace('.apicdn.sanity.io', '.api.sanity.io')
  return `${base}/v${apiVersion}/data/live/events/${encodeURIComponent(dataset)}`
}

const isContent = (query: Query) => query.queryKey[0] === 'content'

/** Refetches (active) or marks stale (inactive) the content queries that read one of `tags`, or all of them. */
export function invalidateByTags(queryClient: QueryClient, tags?: readonly string[]): Promise<void> {
  const registry = syncTagsOf(queryClient)
  const fired = tags && new Set(tags)
  return queryClient.invalidateQueries({
    predicate: (query) => {
      if (!isContent(query)) return false
      const read = registry.get(query.queryHash)
      return !fired || !read || read.some((tag) => fired.has(tag))
    },
  })
}

export function followPublishes(
  queryClient: QueryClient,
  content: ContentConfig,
  handedOver: Record<string, string[] | null> = {},
): { ready: Promise<void>; close: () => void } {
  const registry = syncTagsOf(queryClient)
  // What the server's render read, for the queries the page hydrated with (unless refetched since).
  for (const [hash, tags] of Object.entries(handedOver)) if (!registry.has(hash)) registry.set(hash, tags)
  const events = new EventSource(liveEventsUrl(content))
  events.addEventListener('message', (event) => {
    liveEventPosition.lastEventId = event.lastEventId || liveEventPosition.lastEventId
    const { tags } = JSON.parse(event.data as string) as { tags?: string[] }
    void invalidateByTags(queryClient, Array.isArray(tags) ? tags : undefined)
  })
  events.addEventListener('restart', () => void invalidateByTags(queryClient))
  const ready = new Promise<void>((resolve) => events.addEventListener('welcome', () => resolve()))
  return { ready, close: () => events.close() }
}
