import type { LoaderFunctionArgs } from 'react-router'
import { showSlugsQuery } from '../../content/queries'
import type { ShowSlugsQueryResult } from '../../content/sanity.types'
import { showQueryOptions } from '../../features/shows/api/get-show'
import { toShow } from '../../features/shows/utils/show-rules'
import type { ContentClient } from '../../lib/content-client'
import { pageNotFound } from '../page-not-found.server'
import { localeOfPath } from '../../lib/i18n/locale-of-path'
import type { LoaderDeps } from '../route-module'

/** The slugs `/shows/<slug>` may name (a superset of the shows with a page). */
async function showSlugs(client: ContentClient): Promise<string[]> {
  return (await client.fetch<ShowSlugsQueryResult>(showSlugsQuery)).flatMap((slug) => slug ?? [])
}

export const values = { slug: showSlugs }

/** A listed slug that is a draft, or no show by the show rules, answers 404 too. */
export function loader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ params, request }: LoaderFunctionArgs) => {
    const lang = localeOfPath(new URL(request.url).pathname)
    const show = await queryClient.ensureQueryData(showQueryOptions(contentClient, params.slug ?? '', lang))
    return show && toShow(show) ? null : pageNotFound()
  }
}
