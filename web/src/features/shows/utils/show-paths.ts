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

export function upcomingShowsPagePath(page: number): string {
  return page <= 1 ? UPCOMING_SHOWS_PATH : `${UPCOMING_SHOWS_PATH}?page=${page}`
}

export function upcomingShowsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / UPCOMING_SHOWS_PAGE_SIZE))
}

/** `webcal://` for the same address: calendar apps open it as a subscription rather than a one-off import. */
export function webcalUrl(absoluteUrl: string): string {
  return absoluteUrl.replace(/^https?:/, 'webcal:')
}
