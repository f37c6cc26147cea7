import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { tourPromoQuery } from '../../../content/queries'
import type { TourPromoQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type TourPromo = NonNullable<TourPromoQueryResult>

export function getTourPromo(client: ContentClient): Promise<TourPromoQueryResult> {
  return client.fetch<TourPromoQueryResult>(tourPromoQuery)
}

export function tourPromoQueryOptions(client: ContentClient) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'tourPromo'],
    queryFn: (context) => getTourPromo(recordingSyncTags(client, context)),
  })
}

/** The `tourPromo` singleton, or null when it has not been created. */
export function useTourPromo(): TourPromoQueryResult {
  return useSuspenseQuery(tourPromoQueryOptions(useContentClient())).data
}
