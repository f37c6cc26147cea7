import { QueryClient } from '@tanstack/react-query'
import { matchRoutes } from 'react-router'
import type { KnownParamValues, RouteHandle } from './route-handle'
import { createRoutes } from './routes'

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
}

// Matching runs no loader: the table only needs its shape, so its dependencies are inert.
const matchingTable = createRoutes({
  queryClient: new QueryClient(),
  contentClient: { fetch: () => Promise.reject(new Error('The matching route table reads no content')) },
})

/** The policy of the routes a path matches, root to leaf: any `cache: false` wins; parameters add up. */
export function pageCachePolicy(pathname: string): PageCachePolicy {
  const params = new Set<string>()
  let known: Record<string, KnownParamValues> | undefined
  let cacheable = true
  for (const { route } of matchRoutes(matchingTable, pathname) ?? []) {
    const cache = (route.handle as RouteHandle | undefined)?.cache
    if (cache === false) cacheable = false
    else if (cache) {
      cache.params.forEach((name) => params.add(name))
      if (cache.known) known = { ...known, ...cache.known }
    }
  }
  return { cacheable, params: [...params].sort(), ...(known ? { known } : {}) }
}
