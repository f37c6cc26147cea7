import { setImmediate as nextTurn } from 'node:timers/promises'
import { runQuery } from './groq'
import { QueryReads, syncTagsOfReads, type SyncTag } from './sync-tags'
import { queryViewFor } from '../perspectives'
import type { ContentStore } from '../store/content-store'

/** The site's own reads: a GROQ query and its parameters, answered with the query's result. */
export type PublishedReader = {
  /** `onSyncTags` hears the sync tags of the answer, as `GET /data/query` sends them (sync-tags.ts). */
  fetch: <Result>(
    query: string,
    params?: Record<string, unknown>,
    options?: { onSyncTags?: (tags: SyncTag[]) => void },
  ) => Promise<Result>
}

const PUBLISHED = { kind: 'published' } as const

/**
 * Reads what an anonymous caller of `GET /data/query` sees (public published documents, never drafts or release
 * versions), in-process: the server's page renders read content without a loopback HTTP request. They run once
 * per content revision (the page cache, ADR 090), so they stay on the main thread; each read first lets the
 * event loop turn, so a render is cut into slices at its reads and requests waiting meanwhile (a stored page)
 * are answered between them. The result goes through JSON, as it would over HTTP: callers get their own copy,
 * never the store's live documents.
 */
export function createPublishedReader(
  store: ContentStore,
  { dataset, projectId }: { dataset: string; projectId: string },
): PublishedReader {
  return {
    async fetch<Result>(
      query: string,
      params: Record<string, unknown> = {},
      options: { onSyncTags?: (tags: SyncTag[]) => void } = {},
    ): Promise<Result> {
      await nextTurn()
      const reads = new QueryReads()
      const result = await runQuery(query, {
        ...queryViewFor(store.dataset(dataset), PUBLISHED, true),
        reads,
        params,
        timestamp: new Date(),
        sanity: { projectId, dataset },
      })
      options.onSyncTags?.(syncTagsOfReads(reads))
      return JSON.parse(JSON.stringify(result ?? null)) as Result
    },
  }
}
