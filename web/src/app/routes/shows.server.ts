import type { LoaderFunctionArgs } from 'react-router'
import { showCountQuery } from '../../content/queries'
import type { ShowCountQueryResult } from '../../content/sanity.types'
import { upcomingShowsQueryOptions } from '../../features/shows/api/get-upcoming-shows'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { upcomingShowsPageCount } from '../../features/shows/utils/show-paths'
import type { ContentClient } from '../../lib/content-client'
import { pageNumbers } from '../../lib/page-numbers'
import { pageNotFound } from '../page-not-found.server'
import type { LoaderDeps } from '../route-module'

/** The `?page=` values of /shows that may have shows: as many pages as all shows would fill. A count, not the shows. */
async function upcomingShowPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(upcomingShowsPageCount(await client.fetch<ShowCountQueryResult>(showCountQuery)))
}

export const values = { page: upcomingShowPageNumbers }

/** /shows?page=n, the news paging rules (ADR 060): a page past the last is a 404. */
export function loader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    // Read first: the route renders its 404 page from the same data, whatever the page number.
    const upcoming = await queryClient.ensureQueryData(
      upcomingShowsQueryOptions(contentClient, page ?? 1, now()),
    )
    if (page === null) return pageNotFound()
    return page > 1 && pastShowsPage(upcoming).shows.length === 0 ? pageNotFound() : null
  }
}
