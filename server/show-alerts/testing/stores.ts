import { afterEach } from 'vitest'
import { createTestSchema } from '../../newsletter/testing/postgres'
import { startAlertsHarness, type AlertsHarness } from './alerts-harness'

/**
 * The subscribers' stores the alerts run on, for `describe.each`: SQLite in the harness's DATA_DIR, or a
 * throwaway PostgreSQL schema of the test database. Each opens the env for the harness and a drop for after.
 */
export const ALERT_STORES = {
  SQLite: async () => ({ env: {}, drop: async () => undefined }),
  PostgreSQL: async () => {
    const schema = await createTestSchema()
    await schema.pool.end()
    return { env: { DATABASE_URL: schema.url }, drop: schema.drop }
  },
}

/**
 * Inside a `describe.each` over `ALERT_STORES`: `start` opens a harness on `store` for one test, and the harness
 * is closed (and its schema dropped) after that test.
 */
export function harnessPerTest(store: (typeof ALERT_STORES)[keyof typeof ALERT_STORES]) {
  let harness: AlertsHarness | undefined
  let drop: () => Promise<void> = async () => undefined
  afterEach(async () => {
    await harness?.close()
    harness = undefined
    await drop()
  })
  const start: typeof startAlertsHarness = async (env = {}, existing = [], answer) => {
    const opened = await store()
    drop = opened.drop
    harness = await startAlertsHarness({ ...opened.env, ...env }, existing, answer)
    return harness
  }
  return start
}
