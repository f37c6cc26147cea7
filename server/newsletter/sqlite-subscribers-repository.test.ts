import { mkdtempSync, rmSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import os from 'node:os'
import path from 'node:path'
import { openSqlite } from '../db/sqlite'
import { filterSql } from './sqlite-subscriber-search'
import { openSqliteSubscribersRepository } from './sqlite-subscribers-repository'
import { describeSubscribersRepository } from './testing/subscribers-repository-contract'

describeSubscribersRepository('SQLite', async (options) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'subscribers-'))
  const repo = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'), options)
  return {
    repo,
    cleanup: async () => {
      await repo.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
})

describe('SQLite group commit', () => {
  it('commits concurrent sign-ups together, and a bad one fails alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'subscribers-'))
    const repo = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'))
    const base = {
      firstName: 'Fan',
      lastName: 'X',
      status: 'subscribed' as const,
      consentText: 'ok',
      consentVersion: 'v1',
      source: 'test',
      ipHash: null,
      at: '2025-10-01T00:00:00.000Z',
    }
    const results = await Promise.allSettled([
      repo.insertIfAbsent({ ...base, email: 'a@example.com' }),
      // Violates the status CHECK constraint, so its batch fails and everyone is retried one by one.
      repo.insertIfAbsent({ ...base, email: 'b@example.com', status: 'bogus' as 'subscribed' }),
      repo.insertIfAbsent({ ...base, email: 'c@example.com' }),
      repo.insertIfAbsent({ ...base, email: 'A@example.com' }),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled'])
    const [a, , , again] = results as PromiseFulfilledResult<{ created: boolean }>[]
    expect(a!.value.created).toBe(true)
    expect(again!.value.created).toBe(false)
    expect((await repo.list({ limit: 10, offset: 0 })).items.map((s) => s.email).sort()).toEqual([
      'a@example.com',
      'c@example.com',
    ])
    await repo.close()
    rmSync(dir, { recursive: true, force: true })
  })
})

describe('SQLite admin search', () => {
  it('reads a rare term from its index, a broad one in the list order, never every subscriber', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'subscribers-'))
    const file = path.join(dir, 'subscribers.sqlite')
    await openSqliteSubscribersRepository(file).close()
    const db = openSqlite(file)
    const plan = (sql: string, params: unknown[]) =>
      db
        .prepare<unknown[], { detail: string }>(`EXPLAIN QUERY PLAN ${sql}`)
        .all(...params)
        .map((row) => row.detail)
        .join('\n')
    const page = (where: { sql: string }) =>
      `SELECT * FROM subscribers ${where.sql} ORDER BY created_at DESC, id DESC LIMIT 50`
    const rare = [
      [{ search: 'garcía' }, /subscribers_search VIRTUAL TABLE/],
      [{ search: 'ana.lopez@', status: 'pending' as const }, /subscribers_search VIRTUAL TABLE/],
      [{ search: 'ga' }, /subscribers_first_name_key[^]*subscribers_last_name_key/],
      [
        { search: 'g', status: 'pending' as const },
        /sqlite_autoindex_subscribers_2 \(email_key>\? AND email_key<\?\)/,
      ],
    ] as const
    for (const [filter, index] of rare) {
      const where = filterSql(filter)
      for (const sql of [page(where), `SELECT count(*) FROM subscribers ${where.sql}`]) {
        const steps = plan(sql, [...where.params])
        expect(steps).toMatch(index)
        // "SCAN subscribers" (with or without an index) reads every subscriber.
        expect(steps).not.toMatch(/SCAN subscribers\b/)
      }
    }
    // A broad term: the list's order is an index, so a page stops after its rows; nothing is sorted.
    for (const filter of [{ search: 'example.com' }, { search: 'a', status: 'subscribed' as const }]) {
      const where = filterSql(filter, true)
      const steps = plan(page(where), where.params)
      expect(steps).toMatch(/(SCAN|SEARCH) subscribers USING INDEX subscribers_(status_)?created_at_id/)
      expect(steps).not.toMatch(/TEMP B-TREE|subscribers_search/)
    }
    db.close()
    rmSync(dir, { recursive: true, force: true })
  })
})
