import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
import { analyticsSources } from './analytics-sources'

declare module 'express-serve-static-core' {
  interface Locals {
    /**
     * Allows a response's inline scripts by their CSP sources (`'sha256-...'`): replaces the CSP the security
     * middleware set with one that lists them. Pages are the same bytes for every visitor (the page cache, ADR
     * 090), so their inline scripts are allowed by hash, not by a per-response nonce. Unset in development
     * (no CSP).
     */
    allowInlineScripts?: (res: Response, hashes: string[]) => void
  }
}

const CSP = 'Content-Security-Policy'

type Middleware = (req: never, res: never, next: (err?: unknown) => void) => void

/**
 * The headers a Helmet middleware sets, read once by running it against a stand-in response: they depend on
 * nothing in the request (the script hashes come from `locals`), so each response gets the same list.
 */
function headersSetBy(
  middleware: Middleware,
  locals: { cspScriptHashes?: string[] } = {},
): Map<string, string> {
  const headers = new Map<string, string>()
  const response = {
    locals,
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: () => {},
  }
  middleware({} as never, response as never, (err) => {
    if (err) throw err
  })
  return headers
}

/**
 * Helmet's headers with a CSP that allows exactly what the site loads: its own assets, GA4 when configured,
 * YouTube's privacy-enhanced embeds and thumbnails, and the Sanity API when the cloud backend is used.
 * In development Vite injects inline scripts and a websocket for HMR, so the CSP is left off there.
 *
 * Every header is computed when the app is made and applied with one `setHeaders` call per response: running
 * Helmet per response, and writing the CSP with the response's head (on-headers), cost about a tenth of what a
 * stored page costs (ADR 090, "Serving machinery"). A page's inline scripts are known only once it is rendered
 * or read from the page cache, further down the stack: it calls `res.locals.allowInlineScripts` with their
 * hashes, which replaces the CSP with one made once per list of hashes. A route that sets a CSP of its own
 * (user content, content-api/assets/user-content-policy.ts) replaces this one.
 */
export function securityHeaders({
  isDev,
  analytics = true,
}: {
  isDev: boolean
  /** GA_MEASUREMENT_ID is set: the tag manager's hosts are allowed (analytics-sources.ts). */
  analytics?: boolean
}): RequestHandler {
  const ga = analyticsSources(analytics)
  const headers = headersSetBy(
    helmet({
      contentSecurityPolicy: false,
      // The embedded YouTube player and images from the Sanity CDN are cross-origin resources.
      crossOriginEmbedderPolicy: false,
      // Plain HTTP is a supported way to serve the site (HTTPS is terminated by a proxy or on HTTPS_PORT).
      strictTransportSecurity: false,
    }),
  )
  if (isDev) {
    return (_req, res, next) => {
      res.setHeaders(headers)
      next()
    }
  }
  const csp = helmet.contentSecurityPolicy({
    useDefaults: true,
    directives: {
      'script-src': [
        (_req, res) => ["'self'", ...((res as unknown as Response).locals.cspScriptHashes ?? [])].join(' '),
        ...ga.script,
      ],
      // styled-components (Studio) and React's style attributes need inline styles.
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.sanity.io'],
      'media-src': ["'self'", 'blob:', 'https://cdn.sanity.io'],
      // 'self': the Studio's Presentation tool shows the site in a frame (ADR 160).
      'frame-src': ["'self'", 'https://www.youtube-nocookie.com'],
      'connect-src': ["'self'", 'https://*.sanity.io', 'wss://*.sanity.io', ...ga.connect],
      'upgrade-insecure-requests': null,
    },
  }) as Middleware
  const policyFor = (cspScriptHashes: string[]) => headersSetBy(csp, { cspScriptHashes }).get(CSP)!
  for (const [name, value] of headersSetBy(csp)) headers.set(name, value)
  // A page's list of hashes is kept with the page: one policy per stored page, not per response.
  const policies = new WeakMap<string[], string>()
  const allowInlineScripts = (res: Response, hashes: string[]) => {
    let policy = policies.get(hashes)
    if (policy === undefined) {
      policy = policyFor(hashes)
      policies.set(hashes, policy)
    }
    res.setHeader(CSP, policy)
  }
  return (_req, res, next) => {
    res.setHeaders(headers)
    res.locals.allowInlineScripts = allowInlineScripts
    next()
  }
}
