import { newsPostSlugsQuery } from '../../../content/queries'
import type { NewsPostSlugsQueryResult } from '../../../content/sanity.types'
import type { ContentClient } from '../../../lib/content-client'
import { newsPageCount } from '../utils/news-paging'
import { pageNumbers } from '../../../lib/page-numbers'

/** The slugs `/news/<slug>` may name; any other is the route's shared 404 (ADR 090). */
export async function newsPostSlugs(client: ContentClient): Promise<string[]> {
  return (await client.fetch<NewsPostSlugsQueryResult>(newsPostSlugsQuery)).flatMap((slug) => slug ?? [])
}

/** The `?page=` values of /news that may have posts; any other is the route's shared 404 (ADR 090). */
export async function newsPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(newsPageCount((await newsPostSlugs(client)).length))
}
