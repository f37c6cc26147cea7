/**
 * The CSP sources GA4 needs (its loader script and its collection endpoints), only when analytics is on:
 * without GA_MEASUREMENT_ID no page loads gtag.js, so the policy does not allow its hosts either.
 */
export function analyticsSources(analyticsOn: boolean): { script: string[]; connect: string[] } {
  if (!analyticsOn) return { script: [], connect: [] }
  return {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://www.googletagmanager.com'],
  }
}
