/**
 * Requests the Studio's code sends to Sanity's cloud whatever its backend. With the self-hosted content API they
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

function requestUrl(input: RequestInfo | URL): URL | null {
  try {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    return new URL(href, window.location.href)
  } catch {
    return null
  }
}

let installed = false

/** Wraps `window.fetch` once, for the lifetime of the admin page: cloud-only requests never leave the browser. */
export function answerCloudOnlyRequestsLocally(): void {
  if (installed) return
  installed = true
  const networkFetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const url = requestUrl(input)
    const answer = url ? cloudOnlyAnswer(url) : null
    return answer ? Promise.resolve(answer) : networkFetch(input, init)
  }
}
