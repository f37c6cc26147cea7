import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

const DEFAULT_CHROMIUM = '/usr/bin/chromium'

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser downloads cannot work offline. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y chromium\n\n` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    )
  }
  return candidate
}

/**
 * Where Chromium sends every request that leaves loopback: an address nothing listens on, so such a request fails
 * at once and nothing reaches the internet (not even a name lookup or a preconnect); Chromium sends requests to
 * loopback addresses directly. Blocking in the browser, rather than with a Playwright route on every context,
 * spares every local request a round trip through the test runner (docs/logs/test-suite-times.md).
 */
const OUTSIDE_REQUESTS_PROXY = 'http://127.0.0.1:9'
/** How Chromium reports a blocked outside request (console errors carrying it are not the page's). */
export const BLOCKED_OUTSIDE_REQUEST = 'ERR_PROXY_CONNECTION_FAILED'

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      `--proxy-server=${OUTSIDE_REQUESTS_PROXY}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  }
}
