import type { ContentClient } from '../lib/content-client'

/** The values of a query or path parameter that name existing content, read once per content revision. */
export type KnownParamValues = (client: ContentClient) => Promise<string[]>

/**
 * What a route tells the server beside its page. `status`: the HTTP status of a page that renders fine (the
 * catch-all 404 page). `cache`: the query parameters the page renders from, for the page cache (ADR 090); every
 * other parameter is ignored; `known` lists, for a parameter whose values name content, the values that exist
 * (any other value renders the page as without it); `notFoundUnless` lists, for a query or path parameter
 * (`page`, `slug`) whose every other value is the route's 404, the values that may exist (a superset is
 * safe: such a value renders as before), so the server answers any other value with one shared 404 page
 * instead of a render and an entry each (ADR 090); `false`: a page that differs per visitor, never stored.
 * Routes without `cache` are stored per path. `preload`: fetches the route's page chunk (lazy-route.tsx).
 */
export type RouteHandle = {
  status?: number
  cache?:
    | false
    | {
        params: string[]
        known?: Record<string, KnownParamValues>
        notFoundUnless?: Record<string, KnownParamValues>
      }
  preload?: () => Promise<unknown>
}
