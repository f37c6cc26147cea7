import type { QueryClient } from '@tanstack/react-query'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { showQueryOptions } from '../../features/shows/api/get-show'
import { showArchiveQueryOptions } from '../../features/shows/api/get-show-archive'
import type { ContentClient } from '../../lib/content-client'
import type { LoaderFunctionArgs } from '../../lib/router'

// The loaders of the show routes, apart from their pages: the route table needs them in every bundle, the
// pages load in a chunk of their own (ADR 130).

type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient; now: () => Date }

function notFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

/**
 * /shows/:slug: an unknown slug (or a draft) answers 404; the route renders the 404 page from the cached null.
 * Loaders run only on the server, so the show rules load with the page chunk rather than in the entry bundle.
 */
export function showLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params }: LoaderFunctionArgs) => {
    const [show, { toShow }] = await Promise.all([
      queryClient.ensureQueryData(showQueryOptions(contentClient, params.slug ?? '')),
      import('../../features/shows/utils/show-rules'),
    ])
    if (!show || !toShow(show)) throw notFound()
    return null
  }
}

/** /shows/past?page=n: the news paging rules (ADR 060): a malformed page or one past the last is a 404. */
export function pastShowsLoader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    // Read first: the route renders its 404 page from the same data, whatever the page number.
    const [records, { pastShowsPage }] = await Promise.all([
      queryClient.ensureQueryData(showArchiveQueryOptions(contentClient)),
      import('../../features/shows/utils/past-shows'),
    ])
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    if (page === null) throw notFound()
    if (page > 1 && pastShowsPage(records, now(), page).shows.length === 0) throw notFound()
    return null
  }
}
