import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { createSubscribersAdminRouter, EXPORTS_AT_ONCE } from './admin-router'
import { toCsv } from './csv'
import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { openSqliteSubscribersRepository } from './sqlite-subscribers-repository'
import type { SubscribersRepository } from './subscribers-repository'
import { createTestSchema } from './testing/postgres'

const SUBSCRIBERS = 2000
/**
 * The export's pace here: the file (about 300 KB) takes over a second, so requests sent while it goes are
 * answered before it ends.
 */
const BYTES_PER_SECOND = 256 * 1024
const SLOW_BYTES_PER_SECOND = 32 * 1024
/**
 * First names that test the CSV's quoting and its spreadsheet-formula rule, given to the first subscribers: the
 * two stores write their files differently (PostgreSQL's COPY, SQLite's pages formatted in the export's thread).
 */
const AWKWARD_NAMES = [
  '=SUM(A1)',
  '+34 600',
  '-x',
  '@cmd',
  '\tTab',
  '\rCR',
  'Say "hi"',
  'Two\nlines',
  'a,b',
  'Zoë 🎸',
  "'quoted",
  '',
]

type OpenStore = () => Promise<{ repo: SubscribersRepository; cleanup: () => Promise<void> }>

const STORES: [string, OpenStore][] = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'csv-export-'))
      const repo = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'))
      return {
        repo,
        cleanup: async () => {
          await repo.close()
          rmSync(dir, { recursive: true, force: true })
        },
      }
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const { pool, drop } = await createTestSchema()
      const repo = await openPostgresSubscribersRepository(pool)
      return {
        repo,
        cleanup: async () => {
          await repo.close()
          await drop()
        },
      }
    },
  ],
]

/** CPU time of libuv's thread pool in this process so far (Linux: each thread's schedstat, in ns), 0 elsewhere. */
function threadPoolCpuMs(): number {
  if (process.platform !== 'linux') return 0
  let ns = 0
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() !== 'libuv-worker') continue
      ns += Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ns / 1e6
}

/** The export as the Studio downloads it, and what the server did meanwhile, in order. */
// On a machine busy with other tests, the export's thread (lowest priority) gets little of the cores.
describe.each(STORES)('subscriber CSV export (%s)', { timeout: 120_000 }, (_store, open) => {
  let cleanup: () => Promise<void>
  let repo: SubscribersRepository
  let server: Server
  let base: string
  /** 'ping' when another request is answered, 'end' when a download's last byte arrives. */
  let events: string[] = []

  beforeEach(async () => {
    ;({ repo, cleanup } = await open())
    await Promise.all(
      Array.from({ length: SUBSCRIBERS }, (_, i) =>
        repo.insertIfAbsent({
          email: `fan${i}@example.com`,
          firstName: AWKWARD_NAMES[i] ?? 'Fan',
          lastName: `Número ${i}`,
          status: 'subscribed',
          consentText: 'ok',
          consentVersion: 'v1',
          source: 'test',
          ipHash: null,
          at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
          // Fans of two areas, of one, and of everywhere: the file lists each one's areas.
          areas: [['bay-area', 'arizona'], ['mexico-city'], []][i % 3],
        }),
      ),
    )
    const app = express()
    // As the server's app has it: the export must be left alone by it (its thread compresses).
    app.use(compression())
    app.get('/ping', (_req, res) => {
      events.push('ping')
      res.end('pong')
    })
    const env = { LOG_LEVEL: 'silent', NODE_ENV: 'test' } as const
    const admin = (exportBytesPerSecond: number) =>
      createSubscribersAdminRouter({
        repo,
        authorize: [(_req, _res, next) => next()],
        clock: { now: () => new Date('2026-01-01T00:00:00Z') },
        logger: createLogger(env),
        exportBytesPerSecond,
      })
    app.use('/admin', admin(BYTES_PER_SECOND))
    // So slow that an export's last chunk waits seconds behind its first: the export is still running.
    app.use('/slow', admin(SLOW_BYTES_PER_SECOND))
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    // PostgreSQL commits each of the sign-ups on its own (with its status count's row), so on a busy machine
    // writing them takes longer than a hook's default time.
  }, 30_000)

  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve))
    await cleanup()
  })

  /** GET `url` (the body as sent: not decoded); `onFirstChunk` runs when the first bytes of the body arrive. */
  const download = (url: string, onFirstChunk?: () => void, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer; body: string }>(
      (resolve, reject) => {
        get(url, { headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => {
            if (chunks.push(chunk) === 1) onFirstChunk?.()
          })
          res.on('end', () => {
            events.push('end')
            const bytes = Buffer.concat(chunks)
            resolve({ status: res.statusCode!, headers: res.headers, bytes, body: bytes.toString('utf8') })
          })
          res.on('error', reject)
        }).on('error', reject)
      },
    )

  /** The file as the export wrote it before it streamed: every subscriber (or the search's), newest first. */
  async function wholeFile(search?: string): Promise<string> {
    const { items } = await repo.list({ limit: SUBSCRIBERS, offset: 0, search })
    const header = ['email', 'first_name', 'last_name', 'status', 'created_at', 'confirmed_at']
    header.push('unsubscribed_at', 'consent_version', 'source', 'areas', 'language')
    const prefs = await repo.preferencesOf(items.map((s) => s.id))
    return toCsv(
      header,
      items.map((s) => [
        s.email,
        s.firstName,
        s.lastName,
        s.status,
        s.createdAt,
        s.confirmedAt,
        s.unsubscribedAt,
        s.consentVersion,
        s.source,
        prefs.get(s.id)!.areas.join(' '),
        prefs.get(s.id)!.language,
      ]),
    )
  }

  it('streams the file, and answers other requests while it is sent', async () => {
    events = []
    let ping: Promise<unknown> | undefined
    const file = await download(`${base}/admin/subscribers.csv`, () => {
      ping = download(`${base}/ping`)
    })
    await ping
    expect(file.body).toBe(await wholeFile())
    // Sent as it is read: no length known up front; not compressed for a client that does not ask for it.
    expect(file.headers['content-length']).toBeUndefined()
    expect(file.headers['transfer-encoding']).toBe('chunked')
    expect(file.headers['content-encoding']).toBeUndefined()
    expect(file.headers['cache-control']).toBe('no-store, no-transform')
    // A request sent once the first bytes arrived was answered before the file's last byte.
    expect(events.indexOf('end')).toBeGreaterThan(events.indexOf('ping'))
    expect(events.indexOf('ping')).toBeGreaterThan(-1)
  })

  it('sends the file gzipped to a client that takes gzip, and plain to one that takes only brotli', async () => {
    const poolBefore = threadPoolCpuMs()
    const zipped = await download(`${base}/admin/subscribers.csv`, undefined, {
      'accept-encoding': 'gzip, br',
    })
    // Compressed in the export's thread: libuv's pool (zlib's streams) runs at the fans' priority.
    expect(threadPoolCpuMs() - poolBefore).toBeLessThan(1)
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.headers.vary).toMatch(/accept-encoding/i)
    expect(gunzipSync(zipped.bytes).toString('utf8')).toBe(await wholeFile())
    expect(zipped.bytes.length).toBeLessThan(Buffer.byteLength(await wholeFile()) / 3)
    // The server's own compression stays out of the export (it would compress on the event loop).
    const plain = await download(`${base}/admin/subscribers.csv`, undefined, { 'accept-encoding': 'br' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(await wholeFile())
  })

  /** GET `url` until its first bytes (or its whole answer, when it is not 200). */
  const started = (url: string) =>
    new Promise<{ status: number; res: IncomingMessage }>((resolve, reject) => {
      get(url, (res) => {
        if (res.statusCode !== 200) return resolve({ status: res.statusCode!, res: res.resume() })
        res.once('data', () => resolve({ status: 200, res }))
      }).on('error', reject)
    })

  it(`refuses an export beyond ${EXPORTS_AT_ONCE} at once, with a message, and serves again after`, async () => {
    const url = `${base}/slow/subscribers.csv`
    const running = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, () => started(url)))
    expect(running.map((r) => r.status)).toEqual(running.map(() => 200))
    const refused = await download(url)
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBe('10')
    expect(JSON.parse(refused.body)).toEqual({
      message: `${EXPORTS_AT_ONCE} exports are already running. Try again when one has finished.`,
    })
    // Their clients gone, the exports end, and another one runs.
    for (const { res } of running) res.destroy()
    let again = await started(url)
    for (let tries = 0; again.status !== 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      again = await started(url)
    }
    expect(again.status).toBe(200)
    again.res.destroy()
  })

  it.runIf(process.platform === 'linux')('reads the file in a thread at the lowest priority', async () => {
    await download(`${base}/admin/subscribers.csv`)
    // Linux gives each thread its own nice value (the 19th field of its stat line). The suite itself may run
    // at a lower priority than the default (`nice npm test`): the main thread keeps the process's, the export's
    // thread takes the lowest.
    const nice = readdirSync('/proc/self/task').map((tid) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    )
    expect(nice).toContain(19)
    expect(nice).toContain(os.getPriority())
    expect(os.getPriority()).toBeLessThan(19)
  })

  it('exports the subscribers a search finds, with their areas', async () => {
    const file = await download(`${base}/admin/subscribers.csv?q=fan1`)
    const expected = await wholeFile('fan1')
    expect(expected.split('\r\n').length).toBeGreaterThan(3)
    expect(file.body).toBe(expected)
    expect(file.body).toContain('"arizona bay-area"')
  })
})
