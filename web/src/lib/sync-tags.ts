import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { ContentClient } from './content-client'

/**
 * The sync tags of each content query (ADR 140), by query hash, per query client: what the query read, so the
 * live client (live-updates.ts) refetches only the queries a publish can change. `null`: some read of the query
 * reported no tags, so any publish may change it.
 */
export type SyncTagsByQuery = Map<string, string[] | null>

const registries = new WeakMap<QueryClient, SyncTagsByQuery>()

export function syncTagsOf(queryClient: QueryClient): SyncTagsByQuery {
  let registry = registries.get(queryClient)
  if (!registry) registries.set(queryClient, (registry = new Map()))
  return registry
}

/**
 * The content client for one run of a query function: every read's sync tags are recorded under the query's
 * hash, replacing what an earlier run recorded.
 */
export function recordingSyncTags(
  client: ContentClient,
  { client: queryClient, queryKey }: { client: QueryClient; queryKey: QueryKey },
): ContentClient {
  const registry = syncTagsOf(queryClient)
  const hash = hashKey(queryKey)
  const tags = new Set<string>()
  let complete = true
  registry.delete(hash)
  return {
    fetch: (query, params, options) =>
      client.fetch(query, params, {
        ...options,
        onSyncTags: (syncTags) => {
          if (syncTags) syncTags.forEach((tag) => tags.add(tag))
          else complete = false
          registry.set(hash, complete ? [...tags] : null)
          options?.onSyncTags?.(syncTags)
        },
      }),
  }
}
