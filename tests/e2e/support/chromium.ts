import { existsSync } from 'node:fs'
import type { LaunchOptions } from '@playwright/test'

/**
 * Debian's two Chromium builds (Playwright's own browser downloads cannot work offline):
 * - `full`, the browser fans run (`chromium`; CHROMIUM_PATH): the screenshot suite's baselines are its rendering;
 * - `headless-shell`, Chromium's headless shell (`chromium-headless-shell`; CHROMIUM_HEADLESS_SHELL_PATH), which
 *   Playwright itself runs headless tests in: the same Blink and V8 without the browser's own interface, so a test
 *   costs the machine's cores about half as much (docs/logs/test-suite-times.md).
 */
export type ChromiumBuild = 'full' | 'headless-shell'

const BUILDS: Record<ChromiumBuild, { env: string; path: string; apt: string }> = {
  full: { env: 'CHROMIUM_PATH', path: '/usr/bin/chromium', apt: 'chromium' },
  'headless-shell': {
    env: 'CHROMIUM_HEADLESS_SHELL_PATH',
    path: '/usr/bin/chromium-headless-shell',
    apt: 'chromium-headless-shell',
  },
}

export function chromiumPath(build: ChromiumBuild = 'full'): string {
  const { env, path, apt } = BUILDS[build]
  const candidate = process.env[env] || path
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium (${build}) not found at ${candidate}. Install it with:\n\n  sudo apt-get update && sudo apt-get install -y ${apt}\n\n` +
        `or point ${env} at a Chromium binary of that build.`,
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

export function chromiumLaunchOptions(build: ChromiumBuild): LaunchOptions {
  return {
    executablePath: chromiumPath(build),
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
