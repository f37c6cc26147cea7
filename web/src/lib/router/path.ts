/** Where a page is: what the address bar shows, plus the state its history entry carries. */
export type RouterLocation = {
  pathname: string
  search: string
  hash: string
  state: unknown
  /** A new value per history entry; `default` for the entry the page was loaded in. */
  key: string
}

/** A link target: a path (`/news`, `/#events`), or parts of one; a missing pathname keeps the current one. */
export type To = string | { pathname?: string; search?: string; hash?: string }

/** The address `to` names, seen from `current` (React Router's rules: given parts only, the rest empty). */
export function resolveTo(to: To, current: { pathname: string }): string {
  if (typeof to === 'string') return to
  const search =
    to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : ''
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : ''
  return `${to.pathname ?? current.pathname}${search}${hash}`
}

/** Splits a path (`/news?page=2#top`) into its parts. */
export function parsePath(path: string): Pick<RouterLocation, 'pathname' | 'search' | 'hash'> {
  const url = new URL(path, 'http://localhost')
  return { pathname: url.pathname, search: url.search, hash: url.hash }
}
