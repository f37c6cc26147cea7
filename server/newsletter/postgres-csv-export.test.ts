import { get, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { createSubscribersAdminRouter } from './admin-router'
import { exportApplicationName } from './postgres-csv-export'
import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import type { SubscribersRepository } from './subscribers-repository'
import { createTestSchema } from './testing/postgres'

/** About 1 KB a row (a long source), so the file (20 MB) is far more than the sockets' buffers hold. */
const ROWS = 20_000
const STALL_MS = 1500
const UNTIL_MS = 30_000

let pool: pg.Pool
let drop: () => Promise<void>
let repo: SubscribersRepository
let server: Server
let base: string
/** The pool's connections' name: the export's own connection is named after it (`exportApplicationName`). */
const APPLICATION = `export-test-${process.pid}`

beforeAll(async () => {
  ;({ pool, drop } = await createTestSchema({ applicationName: APPLICATION }))
  repo = await openPostgresSubscribersRepository(pool)
  await pool.query(
    `INSERT INTO subscribers (id, email, email_key, first_name, last_name, status, consent_text, consent_version,
       source, created_at, updated_at, language)
     SELECT gen_random_uuid(), 'fan' || n || '@example.com', 'fan' || n || '@example.com', 'Fan', 'Número ' || n,
       'subscribed', 'ok', 'v1', repeat('s', 1000), t, t, 'en'
     FROM generate_series(1, $1) n, LATERAL (SELECT timestamptz '2025-01-01' + n * interval '1 minute' AS t) at`,
    [ROWS],
  )
  const app = express()
  app.use(
    '/admin',
    createSubscribersAdminRouter({
      repo,
      authorize: [(_req, _res, next) => next()],
      clock: { now: () => new Date('2026-01-01T00:00:00Z') },
      logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      exportStallMs: STALL_MS,
    }),
  )
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/subscribers.csv`
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve))
  await repo?.close()
  await drop?.()
})

const response = (url = base, headers: Record<string, string> = {}) =>
  new Promise<IncomingMessage>((resolve, reject) => get(url, { headers }, resolve).on('error', reject))
const body = (res: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    res.on('error', reject)
  })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The export's connections PostgreSQL is serving, and what each is waiting for. */
async function exportBackends(): Promise<{ pid: number; wait_event: string | null }[]> {
  const { rows } = await pool.query(
    'SELECT pid, wait_event FROM pg_stat_activity WHERE application_name = $1',
    [exportApplicationName(pool)],
  )
  return rows
}

/**
 * Polls until `done` holds of the export's connections, or `UNTIL_MS` have passed; whether it did. The export's
 * thread runs at the lowest priority, so on a machine busy with other tests it may take seconds to get a core.
 */
async function until(done: (backends: { wait_event: string | null }[]) => boolean): Promise<boolean> {
  for (const started = performance.now(); performance.now() - started < UNTIL_MS;) {
    if (done(await exportBackends())) return true
    await sleep(50)
  }
  return false
}

// On a machine busy with other tests, the export's thread (lowest priority) gets little of the cores.
describe('PostgreSQL subscriber export (one COPY)', { timeout: 120_000 }, () => {
  it('reads no further than a slow client takes, then sends every row', async () => {
    const res = await response()
    res.pause()
    // PostgreSQL itself waits until the export's connection reads on: the client holds it back.
    expect(
      await until((backends) => backends.length === 1 && backends[0]!.wait_event === 'ClientWrite'),
    ).toBe(true)
    await sleep(300)
    expect((await exportBackends()).map((b) => b.wait_event)).toEqual(['ClientWrite'])
    const file = await body(res.resume())
    expect(file.split('\r\n')).toHaveLength(ROWS + 2)
    expect(file.endsWith('"en"\r\n')).toBe(true)
  })

  it('gives two exports at once the same file', async () => {
    const [a, b] = await Promise.all([response().then(body), response().then(body)])
    expect(a.length).toBeGreaterThan(ROWS * 1000)
    expect(b).toBe(a)
  })

  it('ends the COPY and frees its connection when the client goes away, however often', async () => {
    for (let i = 0; i < 8; i++) {
      // Half of them compressed: the thread's gzip stream is stopped with the reading.
      const res = await response(base, i % 2 ? { 'accept-encoding': 'gzip' } : {})
      await new Promise((resolve) => res.once('data', resolve))
      res.destroy()
      expect(await until((backends) => backends.length === 0)).toBe(true)
    }
    expect((await repo.list({ limit: 1, offset: 0 })).items).toHaveLength(1)
  })

  it('cuts a client that takes nothing for the stall time, and frees its connection', async () => {
    const started = performance.now()
    const res = await response()
    // A paused client sees the end only once it reads what it has: the server's side is what counts.
    res.pause()
    expect(await until((backends) => backends.length === 1)).toBe(true)
    expect(await until((backends) => backends.length === 0)).toBe(true)
    expect(performance.now() - started).toBeGreaterThanOrEqual(STALL_MS)
    res.destroy()
  })

  it('answers a failure before the first row with an error status, and the export serves again', async () => {
    await pool.query('ALTER TABLE subscriber_areas RENAME TO subscriber_areas_away')
    try {
      const res = await response()
      // The error handler's answer (the server's own writes JSON), not a file download.
      expect(res.statusCode).toBe(500)
      expect(res.headers['content-type']).not.toMatch(/csv/)
      expect(res.headers['content-disposition']).toBeUndefined()
      await body(res)
    } finally {
      await pool.query('ALTER TABLE subscriber_areas_away RENAME TO subscriber_areas')
    }
    const file = await body(await response())
    expect(file.split('\r\n')).toHaveLength(ROWS + 2)
  })
})
