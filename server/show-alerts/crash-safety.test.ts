import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgresSubscribersRepository } from '../newsletter/postgres-subscribers-repository'
import { openSqliteSubscribersRepository, subscribersFile } from '../newsletter/sqlite-subscribers-repository'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import { createTestSchema } from '../newsletter/testing/postgres'
import { startSmtpSink } from '../newsletter/testing/smtp-sink'
import { waitForExit } from '../newsletter/testing/spawn-newsletter-server'
import { show } from './testing/show-docs'
import { spawnAlertsServer, type AlertsProcess } from './testing/spawn-alerts-server'

const ADMIN_TOKEN = 'alerts-crash-test-admin-token-0123456789'
const FANS = 200

/** Confirmed fans of everywhere, written straight to the store; returns their ids by address. */
async function seedFans(repo: SubscribersRepository): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (let i = 0; i < FANS; i++) {
    const email = `fan-${i}@example.com`
    const { subscriber } = await repo.insertIfAbsent({
      email,
      firstName: 'Fan',
      lastName: String(i),
      status: 'subscribed',
      consentText: 'yes',
      consentVersion: 'v1',
      source: 'test',
      ipHash: null,
      at: new Date().toISOString(),
    })
    ids.set(email, subscriber.id)
  }
  await repo.close()
  return ids
}

async function outbox(server: AlertsProcess) {
  const res = await fetch(`${server.url}/api/newsletter/admin/alerts`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(res.status).toBe(200)
  return ((await res.json()) as { outbox: Record<string, number> }).outbox
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * kill -9 while an announcement is being sent, then a restart: every fan gets the mail, and the only ones
 * who get it twice are those the restarted server logged as possibly accepted before the crash.
 */
async function killDuringSending(env: Record<string, string>, ids: Map<string, string>) {
  const sink = await startSmtpSink()
  const serverEnv = {
    ...env,
    SMTP_URL: sink.url,
    NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN,
    ALERTS_COALESCE_S: '0',
    ALERTS_MAILS_PER_SECOND: '150',
    ALERTS_LEASE_S: '1',
  }
  try {
    const first = await spawnAlertsServer(serverEnv)
    const res = await fetch(`${first.url}/test/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([show(null, { venue: 'Crash Hall' })]),
    })
    expect(res.status).toBe(204)
    await until(() => sink.mails.length >= FANS / 4, 'the first mails')
    first.child.kill('SIGKILL')
    await waitForExit(first.child)
    expect(first.child.signalCode).toBe('SIGKILL')
    const beforeRestart = sink.mails.length
    expect(beforeRestart).toBeLessThan(FANS)

    const second = await spawnAlertsServer(serverEnv)
    try {
      await until(async () => (await outbox(second)).queued === 0, 'the outbox to drain')
      const counts = await outbox(second)
      expect(counts).toMatchObject({ sent: FANS, failed: 0 })
      const received = new Map<string, number>()
      for (const mail of sink.mails) for (const to of mail.to) received.set(to, (received.get(to) ?? 0) + 1)
      expect([...ids.keys()].filter((email) => !received.has(email))).toEqual([])
      const twice = [...received].filter(([, n]) => n > 1).map(([email]) => ids.get(email))
      const logged = new Set(
        second
          .logs()
          .filter((line) => String(line.msg).includes('may arrive twice'))
          .map((line) => line.subscriberId),
      )
      expect(twice.filter((id) => !logged.has(id))).toEqual([])
      expect(sink.mails.length).toBe(FANS + twice.length)
    } finally {
      second.child.kill('SIGTERM')
      await waitForExit(second.child)
    }
  } finally {
    await sink.close()
  }
}

describe('kill -9 in the middle of a show alert fan-out', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('delivers every mail once after a restart with SQLite', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alerts-crash-'))
    dirs.push(dataDir)
    const ids = await seedFans(openSqliteSubscribersRepository(subscribersFile(dataDir)))
    await killDuringSending({ DATA_DIR: dataDir }, ids)
  })

  it('delivers every mail once after a restart with PostgreSQL', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alerts-crash-'))
    dirs.push(dataDir)
    const schema = await createTestSchema()
    try {
      const ids = await seedFans(await openPostgresSubscribersRepository(schema.pool))
      await killDuringSending({ DATA_DIR: dataDir, DATABASE_URL: schema.url }, ids)
    } finally {
      await schema.drop()
    }
  })
})
