import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { showArchiveQuery } from '../../../content/queries'
import type { ShowArchiveQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

/** Every show, newest first; /shows/past keeps the past ones and pages them (ADR 120). */
export function getShowArchive(client: ContentClient): Promise<ShowArchiveQueryResult> {
  return client.fetch<ShowArchiveQueryResult>(showArchiveQuery)
}

export function showArchiveQueryOptions(client: ContentClient) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'shows', 'archive'],
    queryFn: (context) => getShowArchive(recordingSyncTags(client, context)),
  })
}

export function useShowArchive(): ShowArchiveQueryResult {
  return useSuspenseQuery(showArchiveQueryOptions(useContentClient())).data
}
