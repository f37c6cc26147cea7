import { data } from 'react-router'

/**
 * What a loader returns when the address names no content (an unknown post, a page past the last): HTTP 404
 * for the server's answer, and no error for the router, because the route renders its own 404 page from the
 * same cached data (a malformed page number, a `null` post).
 */
export const pageNotFound = () => data(null, { status: 404 })
