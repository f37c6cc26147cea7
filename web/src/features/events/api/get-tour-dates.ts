import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { tourDatesQuery } from '../../../content/queries'
import type { TourDatesQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'
import { tourDatesQueryConfig } from '../../../lib/query-client'
import { useNow } from '../../../lib/now'
import { recentDays } from '../../../lib/recent-days'
import { HOME_PAST_SHOWS, HOME_UPCOMING_SHOWS } from '../utils/event-rules'

/**
 * The next upcoming shows, how many there are, and the latest past ones: never the whole tour nor the whole
 * history (docs/fan-site-rules.md §10, ADR 172).
 */
export function getTourDates(client: ContentClient, now: Date): Promise<TourDatesQueryResult> {
  return client.fetch<TourDatesQueryResult>(tourDatesQuery, {
    ...recentDays(now),
    upcomingCount: HOME_UPCOMING_SHOWS,
    pastCount: HOME_PAST_SHOWS,
  })
}

/** Tour dates use the alternate configuration (§9): stale after 2 min, polled every 5 (docs/fan-site-rules.md §10). */
export function tourDatesQueryOptions(client: ContentClient, now: Date) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // "Now" is not in the key either: the list is the tour as of the latest fetch, so an open page that polls it
  // past midnight keeps showing the list it has while the next one loads.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'tourDates'],
    queryFn: (context) => getTourDates(recordingSyncTags(client, context), now),
    ...tourDatesQueryConfig,
  })
}

export function useTourDates(): TourDatesQueryResult {
  return useSuspenseQuery(tourDatesQueryOptions(useContentClient(), useNow())).data
}
