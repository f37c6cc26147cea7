import type { FetchQueryOptions } from '@tanstack/react-query'
import type { LoaderFunctionArgs } from 'react-router'
import { showCountQuery } from '../../../content/queries'
import type { ShowCountQueryResult } from '../../../content/sanity.types'
import { parseNewsPage } from '../../../features/news/utils/news-paging'
import type { ShowArchivePage } from '../../../features/shows/utils/past-shows'
import { pastShowsPage } from '../../../features/shows/utils/past-shows'
import type { ContentClient } from '../../../lib/content-client'
import { pageNumbers } from '../../../lib/page-numbers'
import { pageNotFound } from '../../page-not-found.server'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { localeOfPath } from '../../../lib/i18n/locale-of-path'
import type { LoaderDeps } from '../../route-module'

type PageQuery = (
  client: ContentClient,
  page: number,
  now: Date,
  lang: Locale,
) => FetchQueryOptions<ShowArchivePage, Error, ShowArchivePage, (string | number)[]>

/**
 * The server half of a paged show list (/shows, /shows/past), by the news paging rules (ADR 060). `values`: as
 * many pages as all shows would fill (a list holds fewer), so a page that fills as shows pass is never missed;
 * a count, not the shows. The loader answers 404 for a page past the last.
 */
export function pagedShows(pageCount: (total: number) => number, pageQuery: PageQuery) {
  const values = {
    page: async (client: ContentClient) =>
      pageNumbers(pageCount(await client.fetch<ShowCountQueryResult>(showCountQuery))),
  }
  const loader =
    ({ queryClient, contentClient, now }: LoaderDeps) =>
    async ({ request }: LoaderFunctionArgs) => {
      const url = new URL(request.url)
      const page = parseNewsPage(url.searchParams.get('page'))
      // Read first: the route renders its 404 page from the same data, whatever the page number.
      const lang = localeOfPath(url.pathname)
      const list = await queryClient.ensureQueryData(pageQuery(contentClient, page ?? 1, now(), lang))
      if (page === null) return pageNotFound()
      return page > 1 && pastShowsPage(list).shows.length === 0 ? pageNotFound() : null
    }
  return { values, loader }
}
