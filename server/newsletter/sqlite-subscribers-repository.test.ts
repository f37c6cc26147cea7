import { mkdtempSync, rmSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import os from 'node:os'
import path from 'node:path'
import { openSqliteSubscribersRepository } from './sqlite-subscribers-repository'
import { describeSubscribersRepository } from './testing/subscribers-repository-contract'

describeSubscribersRepository('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'subscribers-'))
  const repo = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'))
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
