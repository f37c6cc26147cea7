import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { showPageQuery } from '../../../content/queries'
import type { ShowPageQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type ShowPageData = NonNullable<ShowPageQueryResult>

/** The published show with this slug, its media and the promo's copy about it, or `null`. */
export function getShow(client: ContentClient, slug: string): Promise<ShowPageQueryResult> {
  return client.fetch<ShowPageQueryResult>(showPageQuery, { slug })
}

export function showQueryOptions(client: ContentClient, slug: string) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'shows', 'show', slug],
    queryFn: (context) => getShow(recordingSyncTags(client, context), slug),
  })
}

/** The show the route loader found; the loader answers 404 before this renders for an unknown slug. */
export function useShow(slug: string): ShowPageQueryResult {
  return useSuspenseQuery(showQueryOptions(useContentClient(), slug)).data
}
