import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestSchema } from './testing/postgres'
import { spawnNewsletterServer, waitForExit } from './testing/spawn-newsletter-server'

const ADMIN_TOKEN = 'crash-test-admin-token-0123456789'

/** All e-mails the server holds, through its own CSV export. */
async function storedEmails(url: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/newsletter/admin/subscribers.csv`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(res.status).toBe(200)
  const lines = (await res.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
  return new Set(lines.map((line) => JSON.parse(line.split(',')[0]!) as string))
}

/**
 * kill -9 in the middle of a stream of concurrent sign-ups: every sign-up that was answered 201 must be there
 * after a restart (SQLite: WAL + synchronous=FULL, committed before the answer; PostgreSQL: committed too).
 */
async function killDuringSignUps(env: Record<string, string>) {
  const serverEnv = { ...env, NEWSLETTER_RATE_LIMIT: '1000000', NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN }
  const first = await spawnNewsletterServer(serverEnv)
  const acknowledged: string[] = []
  let stop = false
  let n = 0
  const worker = async () => {
    while (!stop) {
      const email = `fan-${n++}@example.com`
      try {
        const res = await fetch(`${first.url}/api/newsletter/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'Fan', lastName: 'Número', email }),
        })
        if (res.status === 201) acknowledged.push(email)
        else if (!stop) throw new Error(`unexpected ${res.status}`)
      } catch (error) {
        if (!stop) throw error
      }
    }
  }
  const workers = Array.from({ length: 8 }, worker)
  while (acknowledged.length < 300) await new Promise((resolve) => setTimeout(resolve, 10))
  first.child.kill('SIGKILL')
  stop = true
  await Promise.allSettled(workers)
  await waitForExit(first.child)
  expect(first.child.signalCode).toBe('SIGKILL')

  const second = await spawnNewsletterServer(serverEnv)
  try {
    const stored = await storedEmails(second.url)
    const lost = acknowledged.filter((email) => !stored.has(email))
    expect(lost).toEqual([])
    expect(acknowledged.length).toBeGreaterThanOrEqual(300)
    // The restarted server takes sign-ups again.
    const res = await fetch(`${second.url}/api/newsletter/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'After', lastName: 'Crash', email: 'after@example.com' }),
    })
    expect(res.status).toBe(201)
  } finally {
    second.child.kill('SIGTERM')
    await waitForExit(second.child)
  }
}

describe('kill -9 under sign-up load', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('loses no acknowledged sign-up with SQLite', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-crash-'))
    dirs.push(dataDir)
    await killDuringSignUps({ DATA_DIR: dataDir })
  })

  it('loses no acknowledged sign-up with PostgreSQL', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'newsletter-crash-'))
    dirs.push(dataDir)
    const schema = await createTestSchema()
    try {
      await killDuringSignUps({ DATA_DIR: dataDir, DATABASE_URL: schema.url })
    } finally {
      await schema.pool.end()
      await schema.drop()
    }
  })
})
