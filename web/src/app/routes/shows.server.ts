import type { LoaderFunctionArgs } from 'react-router'
import { areaSlugsQuery, showCountQuery } from '../../content/queries'
import type { AreaSlugsQueryResult, ShowCountQueryResult } from '../../content/sanity.types'
import { areasQueryOptions } from '../../features/areas'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { upcomingShowsQueryOptions } from '../../features/shows/api/get-upcoming-shows'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { upcomingShowsPageCount } from '../../features/shows/utils/show-paths'
import type { ContentClient } from '../../lib/content-client'
import { pageNumbers } from '../../lib/page-numbers'
import { pageNotFound } from '../page-not-found.server'
import { localeOfPath } from '../../lib/i18n/locale-of-path'
import type { LoaderDeps } from '../route-module'

/**
 * `?page=`: as many pages as all shows would fill, as the archive's (parts/paged-shows.server.ts); `?area=`: the
 * published areas' slugs (ADR 192). Any other value is the route's shared 404.
 */
export const values = {
  page: async (client: ContentClient) =>
    pageNumbers(upcomingShowsPageCount(await client.fetch<ShowCountQueryResult>(showCountQuery))),
  area: async (client: ContentClient) =>
    (await client.fetch<AreaSlugsQueryResult>(areaSlugsQuery)).flatMap((slug) => slug ?? []),
}

/** One page of the tour, in one area when `?area=` names one; the areas too, since the page links each. */
export const loader =
  ({ queryClient, contentClient, now }: LoaderDeps) =>
  async ({ request }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams
    const page = parseNewsPage(search.get('page'))
    const area = search.get('area')
    const locale = localeOfPath(new URL(request.url).pathname)
    const [upcoming] = await Promise.all([
      queryClient.ensureQueryData(upcomingShowsQueryOptions(contentClient, page ?? 1, now(), area, locale)),
      queryClient.ensureQueryData(areasQueryOptions(contentClient, locale)),
    ])
    if (page === null) return pageNotFound()
    return page > 1 && pastShowsPage(upcoming).shows.length === 0 ? pageNotFound() : null
  }
