import { areaSlugsQuery, showCountQuery, showSlugsQuery } from '../../../content/queries'
import type {
  AreaSlugsQueryResult,
  ShowCountQueryResult,
  ShowSlugsQueryResult,
} from '../../../content/sanity.types'
import type { ContentClient } from '../../../lib/content-client'
import { pageNumbers } from '../../../lib/page-numbers'
import { pastShowsPageCount, upcomingShowsPageCount } from '../utils/show-paths'

/** The slugs `/shows/<slug>` may name; any other is the route's shared 404 (ADR 090). */
export async function showSlugs(client: ContentClient): Promise<string[]> {
  return (await client.fetch<ShowSlugsQueryResult>(showSlugsQuery)).flatMap((slug) => slug ?? [])
}

/**
 * The `?page=` values of /shows/past that may have shows: as many pages as all shows would fill (the past
 * ones are fewer), so a page that fills as shows pass is never missed; any other value is the shared 404. A
 * count, not the shows.
 */
export async function pastShowPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(pastShowsPageCount(await client.fetch<ShowCountQueryResult>(showCountQuery)))
}

/** The `?page=` values of /shows that may have shows: as many pages as all shows would fill, as for the archive. */
export async function upcomingShowPageNumbers(client: ContentClient): Promise<string[]> {
  return pageNumbers(upcomingShowsPageCount(await client.fetch<ShowCountQueryResult>(showCountQuery)))
}

/** The `?area=` values of /shows: the published areas' slugs; any other value is the shared 404. */
export async function areaSlugs(client: ContentClient): Promise<string[]> {
  return (await client.fetch<AreaSlugsQueryResult>(areaSlugsQuery)).flatMap((slug) => slug ?? [])
}
