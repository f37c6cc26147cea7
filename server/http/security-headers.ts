import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'
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

/**
 * Helmet with a CSP that allows exactly what the site loads: its own assets, GA4 when configured,
 * YouTube's privacy-enhanced embeds and thumbnails, and the Sanity API when the cloud backend is used.
 * In development Vite injects inline scripts and a websocket for HMR, so the CSP is left off there.
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
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: true,
          directives: {
            'script-src': [
              (_req, res) =>
                ["'self'", ...((res as unknown as Response).locals.cspScriptHashes ?? [])].join(' '),
              ...ga.script,
            ],
            // styled-components (Studio) and React's style attributes need inline styles.
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:', 'https://cdn.sanity.io'],
            'media-src': ["'self'", 'blob:', 'https://cdn.sanity.io'],
            'frame-src': ['https://www.youtube-nocookie.com'],
            'connect-src': ["'self'", 'https://*.sanity.io', 'wss://*.sanity.io', ...ga.connect],
            'upgrade-insecure-requests': null,
          },
        },
    // The embedded YouTube player and images from the Sanity CDN are cross-origin resources.
    crossOriginEmbedderPolicy: false,
    // Plain HTTP is a supported way to serve the site (HTTPS is terminated by a proxy or on HTTPS_PORT).
    strictTransportSecurity: false,
  })
  return [headers]
}
