/**
 * Starts the built server the way `npm start` does, with NODE_ENV=test and a data dir of its own, so every e2e run
 * begins from the same state: in a Playwright run a copy of the run's one first start (seeded-data-dir.ts), else
 * an empty dir the seed content is imported into. The clock is pinned to TEST_NOW (default below) unless TEST_NOW
 * is set empty.
 */
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { accountsFile, openAccounts } from '../../../server/content-api/accounts/accounts'
import { E2E_VIEWER } from './accounts'
import { copySeededDataDir, DATA_DIR_READY, SEED_DIR_ENV, SEED_ONLY_ENV } from './seeded-data-dir'
import { TEST_NOW } from './servers'

process.env.NODE_ENV = 'test'
process.env.DATA_DIR ||= mkdtempSync(path.join(os.tmpdir(), 'band-e2e-'))
process.env.TEST_NOW ??= TEST_NOW
// Analytics on, as the product runs (docs/fan-site-rules.md §7) (its script request is blocked and recorded by the fixtures), so
// tests can read the events from window.dataLayer.
process.env.GA_MEASUREMENT_ID ||= 'G-E2ETEST0'
// Every test signs up from 127.0.0.1; the per-IP limit itself is covered by the integration tests.
process.env.NEWSLETTER_RATE_LIMIT ||= '10000'
// Lets tests look at stored subscribers through the real admin API.
process.env.NEWSLETTER_ADMIN_TOKEN ||= 'e2e-newsletter-admin-token-0123456789'
process.env.TEST_NOW ??= TEST_NOW
// The query time limit has its own tests (server/content-api/http/query-limits.test.ts); here a page whose query
// waits on a loaded machine is no failure of what the browser tests check.
process.env.QUERY_TIMEOUT_MS ||= '60000'
// Tests never reach the internet: videos show the server's own placeholder thumbnail (ADR 130).
process.env.YOUTUBE_THUMBNAIL_ORIGIN ||= 'off'
// The first-start administrator, so browser tests can sign in (tests/e2e/support/accounts.ts).
process.env.ADMIN_EMAIL ||= 'admin@example.com'
process.env.ADMIN_PASSWORD ||= 'e2e-admin-password'

const template = process.env[SEED_DIR_ENV]
if (template) await copySeededDataDir(template, process.env.DATA_DIR)
// Playwright starts the next webServer on this line (playwright.config.ts), so the servers start side by side.
if (!process.env[SEED_ONLY_ENV]) console.log(DATA_DIR_READY)

await import('../../../server/index')
await addViewer()
// The template's first start ends here; the server's own shutdown closes its databases as a stop would.
if (process.env[SEED_ONLY_ENV]) process.kill(process.pid, 'SIGTERM')

/**
 * A viewer besides the administrator, as `npm run content -- user:add --role viewer` adds one to a running
 * server: after the first start created the administrator (an account first would have stopped that).
 */
async function addViewer() {
  const healthz = `http://localhost:${process.env.PORT}/healthz`
  for (let attempt = 0; ; attempt++) {
    const up = await fetch(healthz).then(
      (answer) => answer.ok,
      () => false,
    )
    if (up) break
    if (attempt > 600) throw new Error(`${healthz} did not answer`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const accounts = openAccounts({ file: accountsFile(process.env.DATA_DIR!) })
  try {
    if (!accounts.users.list().some((user) => user.email === E2E_VIEWER.email)) {
      await accounts.users.create({ ...E2E_VIEWER, name: 'Viewer', role: 'viewer' })
    }
  } finally {
    accounts.close()
  }
}
