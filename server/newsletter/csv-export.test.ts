import { mkdtempSync, rmSync } from 'node:fs'
import { get, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../logger'
import { createSubscribersAdminRouter } from './admin-router'
import { toCsv } from './csv'
import { openPostgresSubscribersRepository } from './postgres-subscribers-repository'
import { openSqliteSubscribersRepository } from './sqlite-subscribers-repository'
import type { SubscribersRepository } from './subscribers-repository'
import { createTestSchema } from './testing/postgres'

const SUBSCRIBERS = 2000
const PAGE = 100
/**
 * First names that test the CSV's quoting and its spreadsheet-formula rule, given to the first subscribers: the
 * two stores write their files differently (PostgreSQL's COPY, SQLite's pages formatted by the server).
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

/** The export as the Studio downloads it, and what the server did meanwhile, in order. */
describe.each(STORES)('subscriber CSV export (%s)', (_store, open) => {
  let cleanup: () => Promise<void>
  let repo: SubscribersRepository
  let server: Server
  let base: string
  /** 'page' for each page the export reads, 'ping' when another request is answered. */
  let events: string[]
  /** Runs once, after the export has read its first page. */
  let afterFirstPage: (() => Promise<void>) | undefined

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
    events = []
    afterFirstPage = undefined
    const read = async (): Promise<void> => {
      events.push('page')
      const run = afterFirstPage
      afterFirstPage = undefined
      await run?.()
    }
    // The real store, with each page it reads recorded (by whichever method the export reads with).
    const recorded: SubscribersRepository = {
      ...repo,
      list: async (query) => {
        const page = await repo.list(query)
        await read()
        return page
      },
      exportPages: async function* (filter, pageSize) {
        for await (const page of repo.exportPages(filter, pageSize)) {
          await read()
          yield page
        }
      },
    }
    // A store that writes its records itself: each chunk it reads counts as a page.
    const exportCsv = repo.exportCsv?.bind(repo)
    if (exportCsv)
      recorded.exportCsv = async function* (filter, fields) {
        for await (const chunk of exportCsv(filter, fields)) {
          await read()
          yield chunk
        }
      }
    const app = express()
    app.get('/ping', (_req, res) => {
      events.push('ping')
      res.end('pong')
    })
    const env = { LOG_LEVEL: 'silent', NODE_ENV: 'test' } as const
    app.use(
      '/admin',
      createSubscribersAdminRouter({
        repo: recorded,
        authorize: [(_req, _res, next) => next()],
        clock: { now: () => new Date('2026-01-01T00:00:00Z') },
        logger: createLogger(env),
        exportPageSize: PAGE,
      }),
    )
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

  /** GET `url`; `onFirstChunk` runs when the first bytes of the body arrive. */
  const download = (url: string, onFirstChunk?: () => void) =>
    new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      get(url, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => {
          if (chunks.push(chunk) === 1) onFirstChunk?.()
        })
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      }).on('error', reject)
    })

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

  it('streams the file as it reads it, and answers other requests between its pages', async () => {
    let ping: Promise<unknown> | undefined
    const file = await download(`${base}/admin/subscribers.csv`, () => {
      ping = download(`${base}/ping`)
    })
    await ping
    expect(file.body).toBe(await wholeFile())
    // Sent as it is read: no length known up front.
    expect(file.headers['content-length']).toBeUndefined()
    expect(file.headers['transfer-encoding']).toBe('chunked')
    // A request sent once the first bytes arrived was answered before the last page was read.
    // A request sent once the first bytes arrived was answered before the last page was read. (A store's own
    // records come as fast as the sockets take them, so a file this small may be read whole by then; that the
    // reading waits for the client is postgres-csv-export.test.ts's.)
    if (repo.exportCsv) return
    expect(events.filter((e) => e === 'page').length).toBeGreaterThanOrEqual(SUBSCRIBERS / PAGE)
    expect(events.indexOf('ping')).toBeGreaterThan(-1)
    expect(events.indexOf('ping')).toBeLessThan(events.lastIndexOf('page'))
  })

  it('exports the subscribers a search finds, with their areas', async () => {
    const file = await download(`${base}/admin/subscribers.csv?q=fan1`)
    const expected = await wholeFile('fan1')
    expect(expected.split('\r\n').length).toBeGreaterThan(3)
    expect(file.body).toBe(expected)
    expect(file.body).toContain('"arizona bay-area"')
  })

  it('exports everyone else once when a subscriber is erased during the export', async () => {
    const newest = (await repo.list({ limit: 1, offset: 0 })).items[0]!
    afterFirstPage = async () => {
      await repo.remove(newest.id)
    }
    const file = await download(`${base}/admin/subscribers.csv`)
    const emails = file.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => JSON.parse(line.split(',')[0]!) as string)
    expect(emails).toHaveLength(SUBSCRIBERS)
    expect(new Set(emails).size).toBe(SUBSCRIBERS)
    expect(await repo.findById(newest.id)).toBeNull()
  })
})
