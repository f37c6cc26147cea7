/** The addresses of the show pages (ADR 120). The Studio's preview writes the same `/shows/<slug>`. */

export const SHOWS_FEED_PATH = '/shows.ics'
export const PAST_SHOWS_PATH = '/shows/past'
/** The tour: every upcoming show, a page at a time (ADR 172). */
export const UPCOMING_SHOWS_PATH = '/shows'

/** Shows per page of /shows/past; further pages are /shows/past?page=2, ... */
export const PAST_SHOWS_PAGE_SIZE = 12

/** Shows per page of /shows; further pages are /shows?page=2, ... */
export const UPCOMING_SHOWS_PAGE_SIZE = 12

export function showPath(slug: string): string {
  return `/shows/${encodeURIComponent(slug)}`
}

export function showCalendarPath(slug: string): string {
  return `${showPath(slug)}.ics`
}

export function pastShowsPagePath(page: number): string {
  return page <= 1 ? PAST_SHOWS_PATH : `${PAST_SHOWS_PATH}?page=${page}`
}

export function pastShowsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAST_SHOWS_PAGE_SIZE))
}

/** `/shows`, `/shows?page=2`, `/shows?area=bay-area`, `/shows?area=bay-area&page=2`: the area first, as links write it. */
export function upcomingShowsPagePath(page: number, area: string | null = null): string {
  const search = new URLSearchParams()
  if (area) search.set('area', area)
  if (page > 1) search.set('page', String(page))
  const query = search.toString()
  return query ? `${UPCOMING_SHOWS_PATH}?${query}` : UPCOMING_SHOWS_PATH
}

/** An area's calendar subscription: its shows only (beside /shows.ics, the whole tour's). */
export function areaFeedPath(area: string): string {
  return `${UPCOMING_SHOWS_PATH}/area/${encodeURIComponent(area)}.ics`
}

export function upcomingShowsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / UPCOMING_SHOWS_PAGE_SIZE))
}

/** `webcal://` for the same address: calendar apps open it as a subscription rather than a one-off import. */
export function webcalUrl(absoluteUrl: string): string {
  return absoluteUrl.replace(/^https?:/, 'webcal:')
}
