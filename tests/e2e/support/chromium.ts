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

export function chromiumLaunchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
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
