import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { showArchivePageQuery, showArchiveRecentQuery } from '../../../content/queries'
import type { ShowArchivePageQueryResult, ShowArchiveRecentQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { useNow } from '../../../lib/now'
import { recentDays } from '../../../lib/recent-days'
import { recordingSyncTags } from '../../../lib/sync-tags'
import { PAST_SHOWS_PAGE_SIZE } from '../utils/show-paths'
import type { ShowArchivePage } from '../utils/past-shows'
import { pageAfterRecent } from '../utils/paged-after-recent'
import { isPastShow, toShow } from '../utils/show-rules'

/**
 * A page of the past shows, read as a page (ADR 120): the shows of the last days are sorted out one by one (ADR
 * 031's rule needs each time zone), then the query slices the older ones, all past, to what the page still needs.
 * Neither step reads the whole archive.
 */
export async function getShowArchivePage(
  client: ContentClient,
  page: number,
  now: Date,
  lang: Locale,
): Promise<ShowArchivePage> {
  const days = recentDays(now)
  const { recent, olderCount } = await client.fetch<ShowArchiveRecentQueryResult>(showArchiveRecentQuery, {
    ...days,
    lang,
  })
  const recentPast = recent.filter((record) => {
    const show = toShow(record)
    return show !== null && isPastShow(show, now)
  })
  return pageAfterRecent({
    recent: recentPast,
    restCount: olderCount,
    page,
    pageSize: PAST_SHOWS_PAGE_SIZE,
    readRest: (start, end) =>
      client.fetch<ShowArchivePageQueryResult>(showArchivePageQuery, {
        recentFrom: days.recentFrom,
        lang,
        start,
        end,
      }),
  })
}

export function showArchiveQueryOptions(client: ContentClient, page: number, now: Date, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // "Now" is not in the key: the page as of its latest fetch, like the home page's tour list.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'shows', 'archive', page, lang],
    queryFn: (context) => getShowArchivePage(recordingSyncTags(client, context), page, now, lang),
  })
}

export function useShowArchivePage(page: number): ShowArchivePage {
  return useSuspenseQuery(showArchiveQueryOptions(useContentClient(), page, useNow(), useLocale())).data
}
