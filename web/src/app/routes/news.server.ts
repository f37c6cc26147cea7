import type { QueryClient } from '@tanstack/react-query'
import { newsListQueryOptions } from '../../features/news/api/get-news-list'
import { newsPostQueryOptions } from '../../features/news/api/get-news-post'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import type { ContentClient } from '../../lib/content-client'
import type { LoaderFunctionArgs } from 'react-router'
import { pageNotFound } from './page-not-found'

// The loaders of the news routes. Server-only: the route table sets them under `import.meta.env.SSR`, so the
// browser bundle carries none of them (routes.tsx).

type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient }

/**
 * /news?page=n: a malformed page number or a page past the last answers 404 (one address per page). The 404
 * only sets the HTTP status; the page component renders the 404 page itself.
 */
export function newsListLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const page = parseNewsPage(new URL(request.url).searchParams.get('page'))
    if (page === null) return pageNotFound()
    const list = await queryClient.ensureQueryData(newsListQueryOptions(contentClient, page))
    if (page > 1 && list.posts.length === 0) return pageNotFound()
    return null
  }
}

/** /news/:slug: an unknown slug (or a draft, or a post dated in the future) answers 404. */
export function newsPostLoader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params }: LoaderFunctionArgs) => {
    const post = await queryClient.ensureQueryData(newsPostQueryOptions(contentClient, params.slug ?? ''))
    if (!post) return pageNotFound()
    return null
  }
}
