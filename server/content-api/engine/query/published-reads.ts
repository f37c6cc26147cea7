import { runQuery } from './groq'
import { queryViewFor } from '../perspectives'
import type { ContentStore } from '../store/content-store'

/** The site's own reads: a GROQ query and its parameters, answered with the query's result. */
export type PublishedReader = {
  fetch: <Result>(query: string, params?: Record<string, unknown>) => Promise<Result>
}

const PUBLISHED = { kind: 'published' } as const

/**
 * Reads what an anonymous caller of `GET /data/query` sees (public published documents, never drafts or release
 * versions), in-process: the server's page renders read content without a loopback HTTP request. They run once
 * per content revision (the page cache, ADR 090), so they stay on the main thread. The result goes through JSON,
 * as it would over HTTP: callers get their own copy, never the store's live documents.
 */
export function createPublishedReader(
  store: ContentStore,
  { dataset, projectId }: { dataset: string; projectId: string },
): PublishedReader {
  return {
    async fetch<Result>(query: string, params: Record<string, unknown> = {}): Promise<Result> {
      const result = await runQuery(query, {
        ...queryViewFor(store.dataset(dataset), PUBLISHED, true),
        params,
        timestamp: new Date(),
        sanity: { projectId, dataset },
      })
      return JSON.parse(JSON.stringify(result ?? null)) as Result
    },
  }
}
