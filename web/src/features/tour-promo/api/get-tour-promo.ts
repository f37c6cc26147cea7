import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { tourPromoQuery } from '../../../content/queries'
import type { TourPromoQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type TourPromo = NonNullable<TourPromoQueryResult>

export function getTourPromo(client: ContentClient, lang: Locale): Promise<TourPromoQueryResult> {
  return client.fetch<TourPromoQueryResult>(tourPromoQuery, { lang })
}

export function tourPromoQueryOptions(client: ContentClient, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'tourPromo', lang],
    queryFn: (context) => getTourPromo(recordingSyncTags(client, context), lang),
  })
}

/** The `tourPromo` singleton, or null when it has not been created. */
export function useTourPromo(): TourPromoQueryResult {
  return useSuspenseQuery(tourPromoQueryOptions(useContentClient(), useLocale())).data
}
