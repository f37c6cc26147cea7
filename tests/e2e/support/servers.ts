/**
 * The e2e servers. The main one runs with a pinned clock (TEST_NOW), so the tour list is the one of
 * docs/fan-site-rules.md §2 (three upcoming shows, one past); a second one runs on the real clock to show every 2025 show as past.
 * Browser tests that need the pinned time set the page clock to the same instant.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199)
/** E2E_PORT + 1 is left to the main server's HTTPS port (the Studio's HTTP/2 listener, studio branch). */
export const TODAY_PORT = E2E_PORT + 2
/**
 * The screenshot suite's own server (and E2E_PORT + 4, its Studio's HTTPS port): the seed content untouched by
 * the tests that publish from the Studio, so every screen is the same on every run.
 */
export const VISUAL_PORT = E2E_PORT + 3
/**
 * The server the specs that publish from the Studio write to (and E2E_PORT + 6, its Studio's HTTPS port): a news
 * post, a show or a tagline published there is never seen by the specs that read the main server as seeded, so
 * those specs run beside the others instead of after them. Such a spec says so with
 * `test.use({ baseURL: publishServerUrl })`.
 */
export const PUBLISH_PORT = E2E_PORT + 5
/** The ports of playwright.config.ts's webServers, which its global setup waits for. */
export const WEB_SERVER_PORTS = [E2E_PORT, TODAY_PORT, VISUAL_PORT, PUBLISH_PORT] as const
export const TEST_NOW = '2025-10-01T12:00:00-07:00'
export const TEST_GA_ID = 'G-E2ETEST'

export const todayServerUrl = `http://localhost:${TODAY_PORT}`
export const visualServerUrl = `http://localhost:${VISUAL_PORT}`
export const visualStudioOrigin = `https://localhost:${VISUAL_PORT + 1}`
export const publishServerUrl = `http://localhost:${PUBLISH_PORT}`
export const publishStudioOrigin = `https://localhost:${PUBLISH_PORT + 1}`
