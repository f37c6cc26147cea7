/** Posts per page of /news; further pages are /news?page=2, ... (plain links, so crawlers follow them). */
export const NEWS_PAGE_SIZE = 12

/**
 * The page number of `?page=`: absent means 1; anything but a positive integer written plainly (`2`, not
 * `02` or `2.0`) is `null`, which the route answers with 404 so every page has one address.
 */
export function parseNewsPage(value: string | null): number | null {
  if (value === null) return 1
  if (!/^[1-9]\d{0,5}$/.test(value)) return null
  return Number(value)
}

export function newsPagePath(page: number): string {
  return page <= 1 ? '/news' : `/news?page=${page}`
}

export function newsPageCount(total: number): number {
  return Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE))
}

export function newsPostPath(slug: string): string {
  return `/news/${encodeURIComponent(slug)}`
}
