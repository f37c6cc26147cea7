import { createTestSchema } from '../../newsletter/testing/postgres'

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
