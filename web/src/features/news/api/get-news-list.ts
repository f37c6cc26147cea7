import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { newsListQuery } from '../../../content/queries'
import type { NewsListQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'
import { NEWS_PAGE_SIZE } from '../utils/news-paging'

export type NewsList = NewsListQueryResult
export type NewsSummary = NewsListQueryResult['posts'][number]

/** Page `page` (1-based) of the news list, newest first, with the total number of posts. */
export function getNewsList(client: ContentClient, page: number, lang: Locale): Promise<NewsListQueryResult> {
  const start = (page - 1) * NEWS_PAGE_SIZE
  return client.fetch<NewsListQueryResult>(newsListQuery, { start, end: start + NEWS_PAGE_SIZE, lang })
}

export function newsListQueryOptions(client: ContentClient, page: number, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'news', 'list', page, lang],
    queryFn: (context) => getNewsList(recordingSyncTags(client, context), page, lang),
  })
}

export function useNewsList(page: number): NewsListQueryResult {
  return useSuspenseQuery(newsListQueryOptions(useContentClient(), page, useLocale())).data
}
