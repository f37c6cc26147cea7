import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openPostgresSubscribersRepository } from '../newsletter/postgres-subscribers-repository'
import { openSqliteSubscribersRepository, subscribersFile } from '../newsletter/sqlite-subscribers-repository'
import type { SubscribersRepository } from '../newsletter/subscribers-repository'
import { createTestSchema } from '../newsletter/testing/postgres'
import { startSmtpSink } from '../newsletter/testing/smtp-sink'
import { waitForExit } from '../newsletter/testing/spawn-newsletter-server'
import { FAN_OUT_BATCH } from './create-show-alerts'
import { show } from './testing/show-docs'
import { spawnAlertsServer, type AlertsProcess } from './testing/spawn-alerts-server'

const ADMIN_TOKEN = 'alerts-crash-test-admin-token-0123456789'
const FANS = 200
/** Enough fans for three fan-out batches: the stall below stops the second. */
const FANS_OVER_BATCHES = FAN_OUT_BATCH * 2 + 100

/** Confirmed fans of everywhere, written straight to the store; returns their ids by address. */
async function seedFans(repo: SubscribersRepository, count = FANS): Promise<Map<string, string>> {
  const ids = new Map<string, string>()
  for (let i = 0; i < count; i++) {
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
 * Holds the store inside the fan-out's second batch, after the first is committed, as a slow disk or a busy
 * database would: installed in the store from outside the server, so the server runs its own code unchanged.
 */
type Stall = {
  install(): Promise<void>
  /** Outbox rows committed and whether the newest announcement's fan-out is done, read from outside the server. */
  progress(): Promise<{ rows: number; done: boolean }>
  /** After the kill: ends what the killed server left running in the store and takes the stall out. */
  remove(): Promise<void>
}

/** SQLite: a trigger on the batch's first row whose query does not end (the server's thread is inside it). */
function sqliteStall(dataDir: string): Stall {
  const db = new Database(subscribersFile(dataDir))
  return {
    async install() {
      db.exec(`CREATE TRIGGER stall_fan_out BEFORE INSERT ON alert_outbox
        WHEN (SELECT count(*) FROM alert_outbox) >= ${FAN_OUT_BATCH}
        BEGIN SELECT count(*) FROM subscribers a, subscribers b, subscribers c, subscribers d; END`)
    },
    async progress() {
      const { n } = db.prepare('SELECT count(*) AS n FROM alert_outbox').get() as { n: number }
      const last = db
        .prepare('SELECT fanout_done_at FROM alert_announcements ORDER BY id DESC LIMIT 1')
        .get() as { fanout_done_at: string | null } | undefined
      return { rows: n, done: last?.fanout_done_at != null }
    },
    async remove() {
      db.exec('DROP TRIGGER stall_fan_out')
      db.close()
    },
  }
}

/** PostgreSQL: a statement trigger that sleeps; the sleeping backend outlives its killed client until ended. */
function postgresStall(pool: pg.Pool): Stall {
  return {
    async install() {
      await pool.query(`CREATE FUNCTION stall_fan_out() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT count(*) FROM alert_outbox) >= ${FAN_OUT_BATCH} THEN PERFORM pg_sleep(600); END IF;
          RETURN NULL;
        END $$`)
      await pool.query(`CREATE TRIGGER stall_fan_out BEFORE INSERT ON alert_outbox
        FOR EACH STATEMENT EXECUTE FUNCTION stall_fan_out()`)
    },
    async progress() {
      const { rows } = await pool.query<{ n: number; done: boolean | null }>(
        `SELECT (SELECT count(*)::int FROM alert_outbox) AS n,
           (SELECT fanout_done_at IS NOT NULL FROM alert_announcements ORDER BY id DESC LIMIT 1) AS done`,
      )
      return { rows: rows[0]!.n, done: rows[0]!.done === true }
    },
    async remove() {
      await pool.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE wait_event = 'PgSleep' AND query LIKE '%alert_outbox%' AND pid <> pg_backend_pid()`,
      )
      await pool.query('DROP TRIGGER stall_fan_out ON alert_outbox')
      await pool.end()
    },
  }
}

/** Where the first server is killed: while mails go out, or inside the fan-out (a stall holds its second batch). */
type KillPoint = { kind: 'sending' } | { kind: 'fan-out'; stall: Stall }

/**
 * kill -9 while an announcement is being written to the outbox or sent, then a restart: every fan gets the mail,
 * and the only ones who get it twice are those the restarted server logged as possibly accepted before the crash.
 */
async function killAndRestart(env: Record<string, string>, ids: Map<string, string>, at: KillPoint) {
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
    if (at.kind === 'fan-out') await at.stall.install()
    const res = await fetch(`${first.url}/test/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([show(null, { venue: 'Crash Hall' })]),
    })
    expect(res.status).toBe(204)
    if (at.kind === 'sending') await until(() => sink.mails.length >= FANS / 4, 'the first mails')
    else await until(async () => (await at.stall.progress()).rows >= FAN_OUT_BATCH, 'the first batch')
    first.child.kill('SIGKILL')
    await waitForExit(first.child)
    expect(first.child.signalCode).toBe('SIGKILL')
    const beforeRestart = sink.mails.length
    expect(beforeRestart).toBeLessThan(ids.size)
    if (at.kind === 'fan-out') {
      // Killed with one batch committed and the fan-out unfinished.
      expect(await at.stall.progress()).toEqual({ rows: FAN_OUT_BATCH, done: false })
      await at.stall.remove()
    }

    const second = await spawnAlertsServer(serverEnv)
    try {
      await until(async () => {
        const { queued = 0, sent = 0, failed = 0 } = await outbox(second)
        return queued === 0 && sent + failed >= ids.size
      }, 'the outbox to drain')
      const counts = await outbox(second)
      expect(counts).toMatchObject({ sent: ids.size, failed: 0 })
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
      expect(sink.mails.length).toBe(ids.size + twice.length)
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
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'alerts-crash-'))
    dirs.push(dir)
    return dir
  }

  it(
    'delivers every mail once after a restart with SQLite, killed while sending',
    { timeout: 120_000 },
    async () => {
      const dir = dataDir()
      const ids = await seedFans(openSqliteSubscribersRepository(subscribersFile(dir)))
      await killAndRestart({ DATA_DIR: dir }, ids, { kind: 'sending' })
    },
  )

  it(
    'delivers every mail once after a restart with SQLite, killed inside the fan-out',
    { timeout: 120_000 },
    async () => {
      const dir = dataDir()
      const ids = await seedFans(openSqliteSubscribersRepository(subscribersFile(dir)), FANS_OVER_BATCHES)
      await killAndRestart({ DATA_DIR: dir }, ids, { kind: 'fan-out', stall: sqliteStall(dir) })
    },
  )

  it(
    'delivers every mail once after a restart with PostgreSQL, killed while sending',
    { timeout: 120_000 },
    async () => {
      const schema = await createTestSchema()
      try {
        const ids = await seedFans(await openPostgresSubscribersRepository(schema.pool))
        await killAndRestart({ DATA_DIR: dataDir(), DATABASE_URL: schema.url }, ids, { kind: 'sending' })
      } finally {
        await schema.drop()
      }
    },
  )

  it(
    'delivers every mail once after a restart with PostgreSQL, killed inside the fan-out',
    { timeout: 120_000 },
    async () => {
      const schema = await createTestSchema()
      try {
        const ids = await seedFans(await openPostgresSubscribersRepository(schema.pool), FANS_OVER_BATCHES)
        const stall = postgresStall(new pg.Pool({ connectionString: schema.url, max: 2 }))
        await killAndRestart({ DATA_DIR: dataDir(), DATABASE_URL: schema.url }, ids, {
          kind: 'fan-out',
          stall,
        })
      } finally {
        await schema.drop()
      }
    },
  )
})
