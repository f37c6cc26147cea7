/**
 * Where the last live event stands (ADR 140): the live client (live-updates.ts) moves it forward, and the content
 * client (content-client.ts) sends it with each query so Sanity's API CDN answers at least that fresh. A module of
 * its own, so that the content client does not import the sync-tag registry that in turn wraps the client.
 */
export const liveEventPosition: { lastEventId?: string } = {}
