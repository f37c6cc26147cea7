import type { LoaderFunctionArgs } from 'react-router'
import { newsPostSlugsInQuery, newsPostSlugsQuery } from '../../content/queries'
import type { NewsPostSlugsQueryResult } from '../../content/sanity.types'
import { newsPostQueryOptions } from '../../features/news/api/get-news-post'
import type { ContentClient } from '../../lib/content-client'
import { pageNotFound } from '../page-not-found.server'
import type { Locale } from '../../lib/i18n/locale-contract'
import { localeOfPath } from '../../lib/i18n/locale-of-path'
import type { LoaderDeps } from '../route-module'

/**
 * The slugs `/news/<slug>` may name (drafts and future posts too: a superset is safe); with a language, those of
 * its posts only.
 */
export async function newsPostSlugs(client: ContentClient, locale?: Locale): Promise<string[]> {
  const slugs = locale
    ? await client.fetch<NewsPostSlugsQueryResult>(newsPostSlugsInQuery, { lang: locale })
    : await client.fetch<NewsPostSlugsQueryResult>(newsPostSlugsQuery)
  return slugs.flatMap((slug) => slug ?? [])
}

export const values = { slug: newsPostSlugs }

/** A listed slug that is a draft, a post dated in the future or a post of the other language answers 404 too. */
export function loader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const lang = localeOfPath(new URL(request.url).pathname)
    const post = await queryClient.ensureQueryData(
      newsPostQueryOptions(contentClient, params.slug ?? '', lang),
    )
    return post ? null : pageNotFound()
  }
}
