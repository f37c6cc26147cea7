import type { LoaderFunctionArgs } from 'react-router'
import { showCountQuery } from '../../content/queries'
import type { ShowCountQueryResult } from '../../content/sanity.types'
import { showArchiveQueryOptions } from '../../features/shows/api/get-show-archive'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { pastShowsPageCount } from '../../features/shows/utils/show-paths'
import type { ContentClient } from '../../lib/content-client'
import { pageNumbers } from '../../lib/page-numbers'
import { pageNotFound } from '../page-not-found.server'
import type { LoaderDeps } from '../route-module'

/**
 * The `?page=` values of /shows/past that may have shows: as many pages as all shows would fill (the past ones
 * are fewer), so a page that fills as shows pass is never missed. A count, not the shows.
 */
export async function pastShowPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(pastShowsPageCount(await client.fetch<ShowCountQueryResult>(showCountQuery)))
}

export const values = { page: pastShowPageNumbers }

/** /shows/past?page=n, the news paging rules (ADR 060): a page past the last is a 404. */
export function loader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    // Read first: the route renders its 404 page from the same data, whatever the page number.
    const archive = await queryClient.ensureQueryData(
      showArchiveQueryOptions(contentClient, page ?? 1, now()),
    )
    if (page === null) return pageNotFound()
    return page > 1 && pastShowsPage(archive).shows.length === 0 ? pageNotFound() : null
  }
}
