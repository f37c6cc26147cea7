import type { ContentClient } from '../lib/content-client'

/** The values of a query parameter that name existing content, read once per content revision. */
export type KnownParamValues = (client: ContentClient) => Promise<string[]>

/**
 * What a route tells the server beside its page. `status`: the HTTP status of a page that renders fine (the
 * catch-all 404 page). `cache`: the query parameters the page renders from, for the page cache (ADR 090); every
 * other parameter is ignored; `known` lists, for a parameter whose values name content, the values that exist
 * (any other value renders the page as without it); `false`: a page that differs per visitor, never stored.
 * Routes without `cache` are stored per path. `preload`: fetches the route's page chunk (lazy-route.tsx).
 */
export type RouteHandle = {
  status?: number
  cache?: false | { params: string[]; known?: Record<string, KnownParamValues> }
  preload?: () => Promise<unknown>
}
