/**
 * Requests the Studio's code sends to Sanity's cloud whatever its backend, or to hostnames only Sanity's cloud has. With the self-hosted content API they
 * cannot work (the CSP refuses them, and offline there is no network) and each failure logs console errors, so
 * the admin page answers them in the browser instead (ADR 102).
 */
const MODULE_CDN_HOSTS = new Set(['sanity-cdn.com', 'sanity-cdn.work'])
const FEEDBACK_HOST = 'api.sanity.io'

/**
 * The answer for a cloud-only request, or null for every other request. The Studio's update check asks Sanity's
 * module CDN for the newest `sanity` at or above the version it runs (`.../^5.27.0/...`): the answer is that
 * version, "up to date", so the Studio never offers an update it cannot load.
 */
export function cloudOnlyAnswer(url: URL): Response | null {
  // The Studio probes Sanity's feedback intake to decide whether to offer "Give feedback": not here (a refusal
  // made in the page logs nothing, unlike a failed request).
  if (url.hostname === FEEDBACK_HOST && url.pathname.endsWith('/intake/feedback')) {
    return new Response(null, { status: 503, statusText: 'Feedback goes to Sanity; not self-hosted' })
  }
  if (!MODULE_CDN_HOSTS.has(url.hostname) || !url.pathname.startsWith('/v1/modules/')) return null
  const range = decodeURIComponent(url.pathname)
    .split('/')
    .find((part) => part.startsWith('^'))
  const version = range?.slice(1)
  if (!version) return null
  return Response.json(
    { latest: version, packageVersion: version },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/**
 * The same-origin URL for a request to a project hostname of the embedded API (`https://local.<host>/content/...`),
 * or null for every other request. Studio 6 runs Sanity's App SDK inside (the current user, telemetry consent),
 * which puts the project id in front of the API's host as Sanity's cloud does and takes no client factory (the
 * Studio's own clients are told `useProjectHostname: false`, studio/studio-config.ts). This API has no
 * per-project hostnames, and a deployment's DNS knows none, so the request goes to the page's own origin.
 */
export function withoutProjectHostname(
  url: URL,
  projectId: string,
  page: Pick<Location, 'origin'>,
): URL | null {
  const origin = new URL(page.origin)
  if (url.hostname !== `${projectId}.${origin.hostname}` || url.port !== origin.port) return null
  if (url.protocol !== origin.protocol || !url.pathname.startsWith('/content/')) return null
  return new URL(`${url.pathname}${url.search}`, origin)
}

function requestUrl(input: RequestInfo | URL): URL | null {
  try {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    return new URL(href, window.location.href)
  } catch {
    return null
  }
}

let installed = false

/**
 * Wraps `window.fetch` once, for the lifetime of the admin page: cloud-only requests never leave the browser, and
 * requests to a project hostname of the embedded API go to the page's origin.
 */
export function answerCloudOnlyRequestsLocally({ projectId }: { projectId: string }): void {
  if (installed) return
  installed = true
  const networkFetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = requestUrl(input)
    if (!url) return networkFetch(input, init)
    const answer = cloudOnlyAnswer(url)
    if (answer) return Promise.resolve(answer)
    const sameOrigin = withoutProjectHostname(url, projectId, window.location)
    if (!sameOrigin) return networkFetch(input, init)
    return networkFetch(input instanceof Request ? new Request(sameOrigin, input) : sameOrigin, init)
  }
}
