/**
 * Playwright's global setup: every webServer's /healthz answers. Playwright starts the next webServer as soon as
 * the previous one printed that its data dir is ready (playwright.config.ts), so the servers start side by side;
 * this runs after the last one was started and holds the tests until all of them serve.
 */
import { WEB_SERVER_PORTS } from './servers'

/** As long as a webServer's own start may take (playwright.config.ts). */
const WAIT_MS = 180_000

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (response) => response.ok,
    () => false,
  )
}

export default async function waitForServers(): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  for (const port of WEB_SERVER_PORTS) {
    const url = `http://localhost:${port}/healthz`
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${WAIT_MS / 1000} s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}
