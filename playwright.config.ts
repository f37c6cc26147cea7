import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/e2e/support/chromium'
import {
  E2E_PORT,
  PUBLISH_PORT,
  TEST_GA_ID,
  TEST_NOW,
  TODAY_PORT,
  VISUAL_PORT,
} from './tests/e2e/support/servers'
import { DATA_DIR_READY, SEED_DIR_ENV } from './tests/e2e/support/seeded-data-dir'

// One first start per run, copied for every e2e server (tests/e2e/support/seeded-data-dir.ts). Set once in the
// runner's process: its webServers and workers (whose specs start servers of their own) inherit it.
process.env[SEED_DIR_ENV] ||= path.join(os.tmpdir(), `band-e2e-seed-${process.pid}-${Date.now()}`)

// The built server, as `npm start` runs it, each on its own copy of the run's seeded data dir. GA4 is configured
// so the analytics queue can be observed; its script request is blocked by the test fixture, so nothing is sent.
// Playwright starts its webServers one after another, each once the previous one is up: here once its data dir is
// ready, so they start side by side (the url still makes Playwright refuse a port something already answers on),
// and the global setup waits for every /healthz before the tests start.
const server = (port: number, env: Record<string, string>) => ({
  command: 'node --import tsx tests/e2e/support/start-test-server.ts',
  url: `http://localhost:${port}/healthz`,
  wait: { stdout: new RegExp(DATA_DIR_READY) },
  reuseExistingServer: false,
  // The first server makes the run's seeded data dir before it starts: minutes on a loaded machine.
  timeout: 180_000,
  env: { PORT: String(port), HTTPS_PORT: '0', LOG_LEVEL: 'warn', GA_MEASUREMENT_ID: TEST_GA_ID, ...env },
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
})

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // In CI the browser tests share two cores with the unit suite: one more try for a test a starved moment
  // failed, which the report lists as flaky. A broken behaviour fails both tries.
  retries: process.env.CI ? 1 : 0,
  // Two workers by default (E2E_WORKERS sets another count, 1 runs one spec at a time): the Studio specs and the
  // servers leave each worker waiting part of the time. Test and assertion time limits are generous bounds, not
  // timings (those are `npm run bench`'s): on a loaded machine a page takes longer, which is no failure.
  workers: Number(process.env.E2E_WORKERS) || 2,
  reporter: [['list']],
  globalSetup: './tests/e2e/support/wait-for-servers.ts',
  globalTeardown: './tests/e2e/support/remove-seed-template.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // The headless shell for every spec but the screenshot suite's (support/chromium.ts).
    launchOptions: chromiumLaunchOptions('headless-shell'),
    // No trace by default: recording one for every test, kept or not, costs each test CPU, which a loaded
    // machine does not have. A failure still writes its page's error context; add `--trace=retain-on-failure` to
    // a run to keep traces.
    trace: 'off',
    // The server's self-signed certificate for the HTTPS port (generated into the test data dir).
    ignoreHTTPSErrors: true,
  },
  // No project waits for another: a spec that publishes from the Studio does so on a server of its own
  // (`publishServerUrl`, tests/e2e/support/servers.ts), so every spec sees the seed it expects in any order.
  projects: [
    { name: 'site', testIgnore: /visual\.spec\.ts$/ },
    // The screenshot suite (tests/e2e/visual.spec.ts), against its own server; docs/guides/testing.md.
    {
      name: 'visual',
      testMatch: /visual\.spec\.ts$/,
      // The browser fans run: the baselines are its rendering, which the headless shell's differs from.
      use: { baseURL: `http://localhost:${VISUAL_PORT}`, launchOptions: chromiumLaunchOptions('full') },
    },
  ],
  webServer: [
    // Pinned clock: the seed's tour list as of Oct 1 2025 (docs/fan-site-rules.md §2).
    // It also serves the Studio on HTTPS (E2E_PORT + 1); start-test-server.ts creates the administrator.
    server(E2E_PORT, { TEST_NOW, HTTPS_PORT: String(E2E_PORT + 1) }),
    // Real clock ("today"): every 2025 show is past. An empty TEST_NOW counts as unset.
    server(TODAY_PORT, { TEST_NOW: '' }),
    // Pinned clock and untouched seed content for the screenshot suite, with its own Studio on HTTPS.
    server(VISUAL_PORT, { TEST_NOW, HTTPS_PORT: String(VISUAL_PORT + 1) }),
    // Pinned clock, with its own Studio on HTTPS, for the specs that publish from the Studio.
    server(PUBLISH_PORT, { TEST_NOW, HTTPS_PORT: String(PUBLISH_PORT + 1) }),
  ],
})
