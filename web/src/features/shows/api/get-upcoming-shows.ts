import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { upcomingShowsPageQuery, upcomingShowsRecentQuery } from '../../../content/queries'
import type {
  UpcomingShowsPageQueryResult,
  UpcomingShowsRecentQueryResult,
} from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { useNow } from '../../../lib/now'
import { recentDays } from '../../../lib/recent-days'
import { recordingSyncTags } from '../../../lib/sync-tags'
import { pageAfterRecent, type ShowListPage } from '../utils/paged-after-recent'
import { isPastShow, toShow, type ShowRecord } from '../utils/show-rules'
import { UPCOMING_SHOWS_PAGE_SIZE } from '../utils/show-paths'

/** One page of /shows as read: its shows' records, upcoming and soonest first, and how many are upcoming. */
export type UpcomingShowsPage = ShowListPage<ShowRecord>

/**
 * A page of the upcoming shows, read as a page like the archive's (ADR 120): the shows of the last days are
 * sorted out one by one (one may still be on tonight in its own zone), then the query slices the later ones, all
 * upcoming, to what the page still needs.
 */
export async function getUpcomingShowsPage(
  client: ContentClient,
  page: number,
  now: Date,
  area: string | null = null,
  lang: Locale = 'en',
): Promise<UpcomingShowsPage> {
  const days = recentDays(now)
  const { recent, laterCount } = await client.fetch<UpcomingShowsRecentQueryResult>(
    upcomingShowsRecentQuery,
    { ...days, area, lang },
  )
  const recentUpcoming = recent.filter((record) => {
    const show = toShow(record)
    return show !== null && !isPastShow(show, now)
  })
  return pageAfterRecent({
    recent: recentUpcoming,
    restCount: laterCount,
    page,
    pageSize: UPCOMING_SHOWS_PAGE_SIZE,
    readRest: (start, end) =>
      client.fetch<UpcomingShowsPageQueryResult>(upcomingShowsPageQuery, {
        recentTo: days.recentTo,
        area,
        lang,
        start,
        end,
      }),
  })
}

/** `area`: an area's slug (/shows?area=<slug>), null for every show. */
export function upcomingShowsQueryOptions(
  client: ContentClient,
  page: number,
  now: Date,
  area: string | null = null,
  lang: Locale = 'en',
) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // "Now" is not in the key: the page as of its latest fetch, like the home page's tour list.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'shows', 'upcoming', page, area, lang],
    queryFn: (context) => getUpcomingShowsPage(recordingSyncTags(client, context), page, now, area, lang),
  })
}

export function useUpcomingShowsPage(page: number, area: string | null = null): UpcomingShowsPage {
  return useSuspenseQuery(upcomingShowsQueryOptions(useContentClient(), page, useNow(), area, useLocale()))
    .data
}
