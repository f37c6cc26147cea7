import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { newsPostQuery } from '../../../content/queries'
import type { NewsPostQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type NewsPost = NonNullable<NewsPostQueryResult>

/** The published post with this slug and its neighbours, or `null` (unknown slug, draft only, future date). */
export function getNewsPost(client: ContentClient, slug: string, lang: Locale): Promise<NewsPostQueryResult> {
  return client.fetch<NewsPostQueryResult>(newsPostQuery, { slug, lang })
}

export function newsPostQueryOptions(client: ContentClient, slug: string, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'news', 'post', slug, lang],
    queryFn: (context) => getNewsPost(recordingSyncTags(client, context), slug, lang),
  })
}

/** The post the route loader found; the loader answers 404 before this renders for an unknown slug. */
export function useNewsPost(slug: string): NewsPostQueryResult {
  return useSuspenseQuery(newsPostQueryOptions(useContentClient(), slug, useLocale())).data
}
