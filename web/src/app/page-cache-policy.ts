import { QueryClient } from '@tanstack/react-query'
import { matchRoutes } from 'react-router'
import type { KnownParamValues, RouteHandle } from './route-handle'
import { createRoutes } from './routes'

/** A parameter whose values outside `exists` make the page its route's 404 (`handle.cache.notFoundUnless`). */
export type NotFoundCheck = {
  /** A query parameter's name, or a path parameter's (then `pathValue` is its value in this path). */
  name: string
  pathValue?: string
  exists: KnownParamValues
}

/**
 * How the server may keep a page's HTML (ADR 090): `params` are the query parameters that change what the
 * page renders; every other parameter (`utm_*`, `fbclid`, ...) is left out of the cache key and of the render.
 * Pages that are not `cacheable` (e.g. a per-subscriber link) are rendered for each request and never stored.
 */
export type PageCachePolicy = {
  cacheable: boolean
  params: string[]
  /** For a parameter whose values name content: the values that exist; others are dropped like unknown ones. */
  known?: Record<string, KnownParamValues>
  /**
   * The route's own spelling of this path (its pattern with the path's parameters): `/NEWS/` and `/news//`
   * match the news route as `/news` does, and share its entry. Unset for the catch-all.
   */
  canonicalPath?: string
  /** The path names no page (the catch-all 404 route): every such path shares the 404 at `notFoundPath`. */
  notFound?: boolean
  /** Parameters whose values that name nothing make the page the route's 404, shared at `notFoundPath`. */
  notFoundUnless?: NotFoundCheck[]
  /**
   * Where the route's one shared 404 renders from: an address whose parameter names nothing (`~`, which no
   * slug or page number is). Its bytes name no path, so every unknown address can be answered with them.
   */
  notFoundPath?: string
}

/** A value no content has, for the address a route's shared 404 renders from. */
const NAMES_NOTHING = '~'
/** Where the catch-all's shared 404 renders from. */
const CATCH_ALL_NOT_FOUND = '/404'

// Matching runs no loader: the table only needs its shape, so its dependencies are inert.
const matchingTable = createRoutes({
  queryClient: new QueryClient(),
  contentClient: { fetch: () => Promise.reject(new Error('The matching route table reads no content')) },
})

/** The pattern of the matched routes with each `:param` replaced (encoded, so a `?` in a slug stays in the path). */
function fillPattern(patterns: string[], value: (name: string) => string): string {
  const segments = patterns
    .join('/')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(value(segment.slice(1))) : segment))
  return `/${segments.join('/')}`
}

/** The policy of the routes a path matches, root to leaf: any `cache: false` wins; parameters add up. */
export function pageCachePolicy(pathname: string): PageCachePolicy {
  const params = new Set<string>()
  let known: Record<string, KnownParamValues> | undefined
  let notFoundUnless: Record<string, KnownParamValues> | undefined
  let cacheable = true
  const matches = matchRoutes(matchingTable, pathname) ?? []
  for (const { route } of matches) {
    const cache = (route.handle as RouteHandle | undefined)?.cache
    if (cache === false) cacheable = false
    else if (cache) {
      cache.params.forEach((name) => params.add(name))
      if (cache.known) known = { ...known, ...cache.known }
      if (cache.notFoundUnless) notFoundUnless = { ...notFoundUnless, ...cache.notFoundUnless }
    }
  }
  const policy: PageCachePolicy = { cacheable, params: [...params].sort(), ...(known ? { known } : {}) }
  const leaf = matches.at(-1)
  if (!cacheable || !leaf) return policy
  if ((leaf.route.handle as RouteHandle | undefined)?.status === 404) {
    return { ...policy, notFound: true, notFoundPath: CATCH_ALL_NOT_FOUND }
  }
  const patterns = matches.flatMap(({ route }) => (route.path ? [route.path] : []))
  const pathParams = leaf.params as Record<string, string | undefined>
  const canonicalPath = fillPattern(patterns, (name) => pathParams[name] ?? '')
  if (!notFoundUnless) return { ...policy, canonicalPath }
  const checks = Object.entries(notFoundUnless).map(([name, exists]): NotFoundCheck => {
    const pathValue = pathParams[name]
    return pathValue === undefined ? { name, exists } : { name, pathValue, exists }
  })
  const inPath = new Set(checks.flatMap((check) => (check.pathValue === undefined ? [] : [check.name])))
  const query = checks
    .filter((check) => !inPath.has(check.name))
    .map((check) => `${check.name}=${NAMES_NOTHING}`)
    .join('&')
  const notFoundPath = fillPattern(patterns, (name) =>
    inPath.has(name) ? NAMES_NOTHING : (pathParams[name] ?? ''),
  )
  return {
    ...policy,
    canonicalPath,
    notFoundUnless: checks,
    notFoundPath: query ? `${notFoundPath}?${query}` : notFoundPath,
  }
}
