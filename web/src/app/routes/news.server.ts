import type { LoaderFunctionArgs } from 'react-router'
import { newsListQueryOptions } from '../../features/news/api/get-news-list'
import { newsPageCount, parseNewsPage } from '../../features/news/utils/news-paging'
import type { ContentClient } from '../../lib/content-client'
import { pageNumbers } from '../../lib/page-numbers'
import { pageNotFound } from '../page-not-found.server'
import { localeOfPath } from '../../lib/i18n/locale-of-path'
import type { LoaderDeps } from '../route-module'
import { newsPostSlugs } from './news-post.server'

/** The `?page=` values of /news that may have posts. */
async function newsPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(newsPageCount((await newsPostSlugs(client)).length))
}

export const values = { page: newsPageNumbers }

/**
 * /news?page=n: a page past the last answers 404 (one address per page). The 404 only sets the HTTP status;
 * the page component renders the 404 page itself.
 */
export function loader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    const page = parseNewsPage(url.searchParams.get('page'))
    if (page === null) return pageNotFound()
    const lang = localeOfPath(url.pathname)
    const list = await queryClient.ensureQueryData(newsListQueryOptions(contentClient, page, lang))
    return page > 1 && list.posts.length === 0 ? pageNotFound() : null
  }
}
