import type { QueryClient } from '@tanstack/react-query'
import { areasQueryOptions } from '../../features/areas'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { showQueryOptions } from '../../features/shows/api/get-show'
import { showArchiveQueryOptions } from '../../features/shows/api/get-show-archive'
import { upcomingShowsQueryOptions } from '../../features/shows/api/get-upcoming-shows'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { toShow } from '../../features/shows/utils/show-rules'
import type { ContentClient } from '../../lib/content-client'
import type { LoaderFunctionArgs } from 'react-router'
import { pageNotFound } from './page-not-found'

// The loaders of the show routes. Server-only: the route table sets them under `import.meta.env.SSR`, so the
// browser bundle carries none of them, nor the show rules they import (routes.tsx).

type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient; now: () => Date }

/**
 * /shows/:slug: an unknown slug (or a draft) answers 404; the route renders the 404 page from the cached null.
 */
export function showLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params }: LoaderFunctionArgs) => {
    const show = await queryClient.ensureQueryData(showQueryOptions(contentClient, params.slug ?? ''))
    if (!show || !toShow(show)) return pageNotFound()
    return null
  }
}

/** /shows/past?page=n: the news paging rules (ADR 060): a malformed page or one past the last is a 404. */
export function pastShowsLoader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    // Read first: the route renders its 404 page from the same data, whatever the page number.
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    const archive = await queryClient.ensureQueryData(
      showArchiveQueryOptions(contentClient, page ?? 1, now()),
    )
    if (page === null) return pageNotFound()
    if (page > 1 && pastShowsPage(archive).shows.length === 0) return pageNotFound()
    return null
  }
}

/**
 * /shows?page=n&area=<slug>: the same paging rules as the archive's: a malformed page or one past the last is a
 * 404, and so is an area no published area has. The areas are read too: the page links each.
 */
export function upcomingShowsLoader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams
    const page = parseNewsPage(search.get('page'))
    const area = search.get('area')
    const [upcoming, areas] = await Promise.all([
      queryClient.ensureQueryData(upcomingShowsQueryOptions(contentClient, page ?? 1, now(), area)),
      queryClient.ensureQueryData(areasQueryOptions(contentClient)),
    ])
    if (page === null) return pageNotFound()
    if (area !== null && !areas.some((known) => known.slug === area)) return pageNotFound()
    if (page > 1 && pastShowsPage(upcoming).shows.length === 0) return pageNotFound()
    return null
  }
}
