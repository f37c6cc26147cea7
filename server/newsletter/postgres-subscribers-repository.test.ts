import { describe, expect, it } from 'vitest'
import { filterSql, openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { createTestSchema } from './testing/postgres'
import { describeSubscribersRepository } from './testing/subscribers-repository-contract'

describeSubscribersRepository('PostgreSQL', async () => {
  const { pool, drop } = await createTestSchema()
  const repo = await openPostgresSubscribersRepository(pool)
  return {
    repo,
    cleanup: async () => {
      await repo.close()
      await drop()
    },
  }
})

describe('PostgreSQL admin search', () => {
  it('reads the rows a search term can match from a trigram index, not every subscriber', async () => {
    const { pool, drop } = await createTestSchema()
    const repo = await openPostgresSubscribersRepository(pool)
    const client = await pool.connect()
    try {
      // A test table is tiny, so the planner would read it whole anyway: make that its last resort, so the plan
      // shows whether an index can answer the search at all.
      await client.query('SET enable_seqscan = off')
      for (const filter of [{ search: 'garcía' }, { search: 'ana.lopez@' }]) {
        const where = filterSql(filter)
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT count(*) FROM subscribers ${where.sql}`,
          where.params,
        )
        const steps = rows.map((row) => row['QUERY PLAN']).join('\n')
        expect(steps).toMatch(/Bitmap Index Scan on subscribers_search_trgm/)
        expect(steps).not.toMatch(/Seq Scan/)
      }
    } finally {
      client.release()
      await repo.close()
      await drop()
    }
  })
})
