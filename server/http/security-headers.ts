import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
import onHeaders from 'on-headers'
import { analyticsSources } from './analytics-sources'

declare module 'express-serve-static-core' {
  interface Locals {
    /**
     * CSP sources (`'sha256-...'`) of the response's inline scripts. Pages are the same bytes for every visitor
     * (the page cache, ADR 090), so their inline scripts are allowed by hash, not by a per-response nonce.
     */
    cspScriptHashes?: string[]
  }
}

const done = () => {}

/**
 * Helmet with a CSP that allows exactly what the site loads: its own assets, GA4 when configured,
 * YouTube's privacy-enhanced embeds and thumbnails, and the Sanity API when the cloud backend is used.
 * In development Vite injects inline scripts and a websocket for HMR, so the CSP is left off there.
 *
 * The CSP is written with the response's head, not when this middleware runs: a page's script hashes are known
 * only once it is rendered or read from the page cache (`res.locals.cspScriptHashes`), further down the stack.
 * A route that set a CSP of its own by then (user content, content-api/assets/user-content-policy.ts) keeps it.
 */
export function securityHeaders({
  isDev,
  analytics = true,
}: {
  isDev: boolean
  /** GA_MEASUREMENT_ID is set: the tag manager's hosts are allowed (analytics-sources.ts). */
  analytics?: boolean
}): RequestHandler[] {
  const ga = analyticsSources(analytics)
  const headers = helmet({
    contentSecurityPolicy: false,
    // The embedded YouTube player and images from the Sanity CDN are cross-origin resources.
    crossOriginEmbedderPolicy: false,
    // Plain HTTP is a supported way to serve the site (HTTPS is terminated by a proxy or on HTTPS_PORT).
    strictTransportSecurity: false,
  })
  if (isDev) return [headers]
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
  })
  // The policy depends on nothing but the script hashes: made once per stored page's list, not per response.
  const policies = new WeakMap<string[], string>()
  const cspWithTheHead: RequestHandler = (req, res, next) => {
    onHeaders(res, () => {
      if (res.hasHeader('content-security-policy')) return
      const hashes = res.locals.cspScriptHashes
      const policy = hashes && policies.get(hashes)
      if (policy) return void res.setHeader('Content-Security-Policy', policy)
      csp(req, res, done)
      if (hashes) policies.set(hashes, String(res.getHeader('content-security-policy')))
    })
    next()
  }
  return [headers, cspWithTheHead]
}
