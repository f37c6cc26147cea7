import { describe, expect, it } from 'vitest'
import { filterSql } from './postgres-subscriber-search'
import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { createTestSchema } from './testing/postgres'
import { describeSubscribersRepository } from './testing/subscribers-repository-contract'

describeSubscribersRepository('PostgreSQL', async (options) => {
  const { pool, drop } = await createTestSchema()
  const repo = await openPostgresSubscribersRepository(pool, options)
  return {
    repo,
    cleanup: async () => {
      await repo.close()
      await drop()
    },
  }
})

describe('PostgreSQL admin search', () => {
  it('reads a rare term from an index, a broad one in the list order, never every subscriber', async () => {
    const { pool, drop } = await createTestSchema()
    const repo = await openPostgresSubscribersRepository(pool)
    const client = await pool.connect()
    const plan = async (sql: string, params: unknown[]) =>
      (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params)).rows
        .map((row) => row['QUERY PLAN'])
        .join('\n')
    try {
      // A test table is tiny, so the planner would read it whole anyway: make that its last resort, so the plan
      // shows whether an index can answer the search at all.
      await client.query('SET enable_seqscan = off')
      const rare = [
        [{ search: 'garcía' }, /Bitmap Index Scan on subscribers_search_trgm/],
        [{ search: 'ana.lopez@' }, /Bitmap Index Scan on subscribers_search_trgm/],
        [
          { search: 'ga' },
          /subscribers_email_key_prefix[^]*subscribers_first_name_prefix[^]*subscribers_last_name_prefix/,
        ],
      ] as const
      for (const [filter, index] of rare) {
        const where = filterSql(filter)
        const steps = await plan(`SELECT count(*) FROM subscribers ${where.sql}`, where.params)
        expect(steps).toMatch(index)
        expect(steps).not.toMatch(/Seq Scan/)
      }
      // A broad term: the list's order is an index, so a page stops after its rows; nothing is sorted.
      for (const filter of [{ search: 'example.com' }, { search: 'a' }]) {
        const where = filterSql(filter, true)
        const steps = await plan(
          `SELECT * FROM subscribers ${where.sql} ORDER BY created_at DESC, id DESC LIMIT 50`,
          where.params,
        )
        expect(steps).toMatch(/Index Scan Backward using subscribers_created_at_id/)
        expect(steps).not.toMatch(/Sort|Seq Scan|trgm/)
      }
    } finally {
      client.release()
      await repo.close()
      await drop()
    }
  })
})
