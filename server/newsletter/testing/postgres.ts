import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The local PostgreSQL the tests use; CI starts it (.ci/run). Tests fail, never skip, when it is down. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

/**
 * A throwaway schema in the test database, so parallel runs and colleagues' data are never touched.
 * `pool` has its search_path set to it; `url` carries the same setting for a child process.
 */
export async function createTestSchema({ applicationName }: { applicationName?: string } = {}): Promise<{
  pool: pg.Pool
  url: string
  drop: () => Promise<void>
}> {
  const schema = `newsletter_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5000 })
  try {
    await admin.connect()
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${TEST_DATABASE_URL} (${(error as Error).message}). Start it (bash .ci/run does) or set TEST_DATABASE_URL.`,
      { cause: error },
    )
  }
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const options = `-c search_path=${schema}`
  const url = new URL(TEST_DATABASE_URL)
  url.searchParams.set('options', options)
  const pool = new pg.Pool({
    connectionString: TEST_DATABASE_URL,
    options,
    max: 5,
    application_name: applicationName,
  })
  return {
    pool,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL })
      await client.connect()
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await client.end()
    },
  }
}
