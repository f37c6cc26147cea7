import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { showPageQuery } from '../../../content/queries'
import type { ShowPageQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type ShowPageData = NonNullable<ShowPageQueryResult>

/** The published show with this slug, its media and the promo's copy about it, or `null`. */
export function getShow(client: ContentClient, slug: string, lang: Locale): Promise<ShowPageQueryResult> {
  return client.fetch<ShowPageQueryResult>(showPageQuery, { slug, lang })
}

export function showQueryOptions(client: ContentClient, slug: string, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'shows', 'show', slug, lang],
    queryFn: (context) => getShow(recordingSyncTags(client, context), slug, lang),
  })
}

/** The show the route loader found; the loader answers 404 before this renders for an unknown slug. */
export function useShow(slug: string): ShowPageQueryResult {
  return useSuspenseQuery(showQueryOptions(useContentClient(), slug, useLocale())).data
}
