import { HttpError } from '../http/errors'

/**
 * A page's cache key and the URL it is rendered from (ADR 090): the origin (which only varies without
 * SITE_URL), the path as requested, and only the query parameters the page declares, sorted by name with their
 * values in order. Any other parameter (`utm_*`, `fbclid`, a cache buster) is dropped from both, so such links
 * share one entry and can never render differently.
 */
export function pageCacheKey(
  origin: string,
  pathname: string,
  query: string,
  params: readonly string[],
  /** Whether a declared parameter's value names something that exists (unset: every value does). */
  exists: (name: string, value: string) => boolean = () => true,
): string {
  if (!query || params.length === 0) return `${origin}${pathname}`
  const search = new URLSearchParams(query)
  const kept = new URLSearchParams()
  for (const name of params) {
    for (const value of search.getAll(name)) if (exists(name, value)) kept.append(name, value)
  }
  return kept.size > 0 ? `${origin}${pathname}?${kept}` : `${origin}${pathname}`
}

/**
 * The key of a route's one shared 404 page, rendered from `renderPath` (the route's `notFoundPath`): a space
 * keeps it apart from every request's key, since a request target has none.
 */
export function notFoundKey(origin: string, renderPath: string): string {
  return `${origin} 404 ${renderPath}`
}

/**
 * The URL a page renders from: the origin and the path concatenated, never resolved against each other, and
 * leading slashes collapsed, so `//elsewhere.example/x` is the path `/elsewhere.example/x` on this site (not a
 * page whose canonical link names another host). A Host header that makes no URL is the client's error.
 */
export function renderUrlFor(origin: string, pathAndQuery: string): URL {
  let url: URL
  try {
    url = new URL(`${origin}${pathAndQuery}`)
  } catch {
    throw new HttpError(400, 'The Host header does not make a valid URL')
  }
  if (url.pathname.startsWith('//')) url.pathname = url.pathname.replace(/^\/+/, '/')
  return url
}
