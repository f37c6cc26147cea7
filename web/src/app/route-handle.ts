/**
 * What a route carries beside its page. `preload`: fetches the route's page module (lazy-route.tsx).
 * `status`: the HTTP status of a page that renders fine (the catch-all 404 page), set on the server from the
 * page module (server-routes.ts).
 */
export type RouteHandle = { status?: number; preload?: () => Promise<unknown> }
