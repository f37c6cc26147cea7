import type { QueryClient } from '@tanstack/react-query'
import { newsListQueryOptions } from '../../features/news/api/get-news-list'
import { newsPostQueryOptions } from '../../features/news/api/get-news-post'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import type { ContentClient } from '../../lib/content-client'
import type { LoaderFunctionArgs } from '../../lib/router'

// The loaders of the news routes, apart from their pages: the route table needs them in every bundle, the
// pages load in a chunk of their own (ADR 130).

type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient }

function notFound(): Response {
  return new Response('Not Found', { status: 404, statusText: 'Not Found' })
}

/**
 * /news?page=n: a malformed page number or a page past the last answers 404 (one address per page). The thrown
 * 404 only sets the HTTP status (entry-server.tsx); the page component renders the 404 page itself.
 */
export function newsListLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    if (page === null) throw notFound()
    const list = await queryClient.ensureQueryData(newsListQueryOptions(contentClient, page))
    if (page > 1 && list.posts.length === 0) throw notFound()
    return null
  }
}

/** /news/:slug: an unknown slug (or a draft, or a post dated in the future) answers 404. */
export function newsPostLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params }: LoaderFunctionArgs) => {
    const post = await queryClient.ensureQueryData(newsPostQueryOptions(contentClient, params.slug ?? ''))
    if (!post) throw notFound()
    return null
  }
}
