import { describe, expect, it } from 'vitest'
import { filterSql, searchStatement } from './postgres-subscriber-search'
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

describe('PostgreSQL admin search statement', () => {
  it('answers the page and the capped count in one statement, running only the branches the term needs', async () => {
    const { pool, drop } = await createTestSchema()
    const repo = await openPostgresSubscribersRepository(pool)
    const client = await pool.connect()
    try {
      for (let i = 0; i < 60; i++)
        await repo.insertIfAbsent({
          email: i === 7 ? 'ana.garcia@example.com' : `fan${i}@example.com`,
          firstName: 'Fan',
          lastName: i === 7 ? 'García' : `Número ${i}`,
          status: 'subscribed',
          consentText: 'ok',
          consentVersion: 'v1',
          source: 'test',
          ipHash: null,
          at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        })
      await client.query('SET enable_seqscan = off')
      /** The plan as run: each step, and whether it ran. */
      const ran = async (search: string) => {
        const statement = searchStatement({ search }, 10, 0, 1000)
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.sql}`,
          statement.params,
        )
        const lines = rows.map((row) => row['QUERY PLAN'])
        const runs = (step: RegExp) =>
          lines.filter((line) => step.test(line) && !line.includes('never executed')).length
        return Object.assign((step: RegExp) => runs(step) > 0, { runs })
      }
      // A rare term: its matches through the trigram index; the list's order is never walked.
      const rare = await ran('garcía')
      expect(rare(/Bitmap Index Scan on subscribers_search_trgm/)).toBe(true)
      expect(rare(/Index Scan Backward using subscribers_created_at_id/)).toBe(false)
      // Once, for the page and the count: the count read on its own was planned as a walk of the table, which
      // a term in one row of twenty made most of the statement's time.
      expect(rare.runs(/Bitmap Index Scan on subscribers_search_trgm/)).toBe(1)
      // A term in every row: the page in the list's order, the count too; the trigram index is never read.
      const broad = await ran('example.com')
      expect(broad(/Index Scan Backward using subscribers_created_at_id/)).toBe(true)
      expect(broad(/subscribers_search_trgm/)).toBe(false)
      const found = await repo.list({ search: 'garcía', limit: 10, offset: 0 })
      expect(found).toMatchObject({ total: 1, totalCapped: false })
      expect(found.items.map((s) => s.email)).toEqual(['ana.garcia@example.com'])
      // Past the last match: no rows, and still the count.
      expect(await repo.list({ search: 'example.com', limit: 10, offset: 60 })).toMatchObject({
        items: [],
        total: 60,
        totalCapped: false,
      })
    } finally {
      client.release()
      await repo.close()
      await drop()
    }
  })
})
