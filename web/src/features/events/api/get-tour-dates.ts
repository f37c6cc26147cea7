import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { tourDatesQuery } from '../../../content/queries'
import type { TourDatesQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'
import { tourDatesQueryConfig } from '../../../lib/query-client'

export function getTourDates(client: ContentClient): Promise<TourDatesQueryResult> {
  return client.fetch<TourDatesQueryResult>(tourDatesQuery)
}

/** Tour dates use the alternate configuration (§9): stale after 2 min, polled every 5 (docs/fan-site-rules.md §10). */
export function tourDatesQueryOptions(client: ContentClient) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'tourDates'],
    queryFn: (context) => getTourDates(recordingSyncTags(client, context)),
    ...tourDatesQueryConfig,
  })
}

export function useTourDates(): TourDatesQueryResult {
  return useSuspenseQuery(tourDatesQueryOptions(useContentClient())).data
}
