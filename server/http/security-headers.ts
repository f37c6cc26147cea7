import { randomBytes } from 'node:crypto'
import type { RequestHandler, Response } from 'express'
import helmet from 'helmet'

declare module 'express-serve-static-core' {
  interface Locals {
    /** Per-response nonce for the inline bootstrap script (CSP script-src). */
    cspNonce: string
  }
}

/**
 * Helmet with a CSP that allows exactly what the site loads: its own assets, GA4 when configured,
 * YouTube's privacy-enhanced embeds and thumbnails, and the Sanity API when the cloud backend is used.
 * In development Vite injects inline scripts and a websocket for HMR, so the CSP is left off there.
 */
export function securityHeaders({ isDev }: { isDev: boolean }): RequestHandler[] {
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64')
    next()
  }
  const headers = helmet({
    contentSecurityPolicy: isDev
      ? false
      : {
          useDefaults: true,
          directives: {
            'script-src': [
              "'self'",
              (_req, res) => `'nonce-${(res as unknown as Response).locals.cspNonce}'`,
              'https://www.googletagmanager.com',
            ],
            // styled-components (Studio) and React's style attributes need inline styles.
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:', 'https://i.ytimg.com', 'https://cdn.sanity.io'],
            'media-src': ["'self'", 'blob:', 'https://cdn.sanity.io'],
            'frame-src': ['https://www.youtube-nocookie.com'],
            'connect-src': [
              "'self'",
              'https://*.sanity.io',
              'wss://*.sanity.io',
              'https://*.google-analytics.com',
              'https://www.googletagmanager.com',
            ],
            'upgrade-insecure-requests': null,
          },
        },
    // The embedded YouTube player and images from the Sanity CDN are cross-origin resources.
    crossOriginEmbedderPolicy: false,
    // Plain HTTP is a supported way to serve the site (HTTPS is terminated by a proxy or on HTTPS_PORT).
    strictTransportSecurity: false,
  })
  return [nonce, headers]
}
