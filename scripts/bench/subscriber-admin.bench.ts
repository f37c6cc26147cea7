/**
 * The Studio's subscriber admin at LARGE's 50,000 subscribers (BENCH_SUBSCRIBERS), on SQLite and on PostgreSQL
 * (the local test database; BENCH_SUBSCRIBER_ADMIN_POSTGRES=0 skips it): the CSV export's wall time with a
 * stand-in for a cached `GET /` sent at a steady pace during it (p99 and longest wait, against the same pace's p99
 * just before: scale/paced-gets.ts), and the admin search's time for each form of term an admin types (one or two
 * letters, a common name, a common part of names, a rare address, nothing that exists, the domain of every
 * address): the list's whole answer (page, capped total, counts per status) and the repository's part. The
 * router and repositories are the server's own, in this process; subscribers are added through the repository
 * as the scale bench adds them. The process runs with the systemd unit's `NODE_OPTIONS`, as the server does.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import pino from 'pino'
import { createSubscribersAdminRouter } from '../../server/newsletter/admin-router'
import { openPostgresSubscribersRepository } from '../../server/newsletter/postgres-subscribers-repository'
import { openSqliteSubscribersRepository } from '../../server/newsletter/sqlite-subscribers-repository'
import type { SubscriberPage } from '../../server/newsletter/admin-api-types'
import type { SubscribersRepository } from '../../server/newsletter/subscribers-repository'
import { createTestSchema } from '../../server/newsletter/testing/postgres'
import { addSubscribers } from './scale/subscribers'
import { BROWSER_ACCEPT_ENCODING, startDownloader } from './scale/download-elsewhere'
import { getOk } from './scale/http'
import { pacedGets, percentile, quietGets } from './scale/paced-gets'
import { unitEnvironment, unitNodeFlags } from './scale/instance'

// This process is the server here: it runs with the systemd unit's Node options and flags (its young
// generation's size decides whether the export's buffers reach the old generation's collections), as the scale
// bench's servers do.
const checkout = path.resolve(import.meta.dirname, '../..')
const unitOptions = unitEnvironment(checkout).NODE_OPTIONS ?? ''
const unitFlags = unitNodeFlags(checkout)
if (!process.env.BENCH_AS_UNIT && (unitOptions || unitFlags.length > 0)) {
  const env = {
    ...process.env,
    BENCH_AS_UNIT: '1',
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${unitOptions}`.trim(),
  }
  const run = spawnSync(process.execPath, [...unitFlags, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env,
  })
  process.exit(run.status ?? 1)
}

const COUNT = Number(process.env.BENCH_SUBSCRIBERS ?? 50_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PORT = Number(process.env.BENCH_SUBSCRIBER_ADMIN_PORT ?? 0)
const NOW = new Date('2026-06-01T12:00:00.000Z')
/** Each form of search term, as the bench prints it. */
const SEARCHES: [form: string, term: string][] = [
  ['1 letter', 'a'],
  ['2 letters', 'ma'],
  ['2 letters, no match', 'zq'],
  ['common name', 'martínez'],
  ['common part of names', 'ana'],
  ['rare address', '.4821@'],
  ['no match', 'zzqx'],
  ['email domain', 'example.com'],
]
const HOME_HTML = '<!doctype html><title>Los Forasteros</title>'.padEnd(13_500, ' ')

const median = (values: number[]) => percentile(values, 0.5)
const ms = (value: number) => `${value.toFixed(1)} ms`

async function serve(repo: SubscribersRepository) {
  const app = express()
  app.get('/', (_req, res) => void res.type('html').send(HOME_HTML))
  const logger = pino({ level: 'silent' })
  app.use(
    '/api/newsletter/admin',
    createSubscribersAdminRouter({
      repo,
      authorize: [(_req, _res, next) => next()],
      clock: { now: () => NOW },
      logger,
    }),
  )
  const server = app.listen(PORT, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, close: () => new Promise((resolve) => server.close(resolve)) }
}

async function exportRound(url: string) {
  const quiet = await quietGets(url + '/')
  let exporting = true
  const downloader = await startDownloader()
  const download = downloader.download(url + '/api/newsletter/admin/subscribers.csv', BROWSER_ACCEPT_ENCODING)
  void download.received.then(() => (exporting = false))
  await download.sending
  const during = await pacedGets(url + '/', () => exporting)
  const file = await download.done.finally(() => downloader.close())
  if (file.status !== 200) throw new Error(`subscriber export: ${file.status}`)
  const [p99, quietP99] = [percentile(during, 0.99), percentile(quiet, 0.99)]
  return { ms: file.ms, rows: file.rows, p99, max: Math.max(...during), quietP99, ratio: p99 / quietP99 }
}

/** The admin list's answer to a search (page, total and counts per status), and the repository's own part. */
async function searchTimes(url: string, repo: SubscribersRepository, term: string) {
  const times: number[] = []
  const reads: number[] = []
  let answer: SubscriberPage | undefined
  for (let i = 0; i < 9; i++) {
    const got = await getOk(`${url}/api/newsletter/admin/subscribers?q=${encodeURIComponent(term)}`)
    times.push(got.ms)
    answer = JSON.parse(got.body.toString('utf8')) as SubscriberPage
    const started = performance.now()
    await repo.list({ search: term, limit: 50, offset: 0 })
    reads.push(performance.now() - started)
  }
  const total = `${answer!.totalCapped ? 'more than ' : ''}${answer!.total.toLocaleString('en-US')}`
  return { ms: median(times), listMs: median(reads), total, shown: answer!.items.length }
}

async function bench(label: string, repo: SubscribersRepository) {
  const started = performance.now()
  await addSubscribers(repo, COUNT, NOW)
  console.log(
    `${label}: ${COUNT.toLocaleString('en-US')} subscribers added in ${ms(performance.now() - started)}`,
  )
  const site = await serve(repo)
  try {
    const rounds: Awaited<ReturnType<typeof exportRound>>[] = []
    for (let i = 0; i < ROUNDS; i++) rounds.push(await exportRound(site.url))
    const pick = (key: keyof (typeof rounds)[number]) => median(rounds.map((r) => r[key]))
    console.log(
      `${label}: CSV export ${ms(pick('ms'))} (${pick('rows')} rows); GET / during it p99 ${ms(pick('p99'))}, ` +
        `longest ${ms(pick('max'))}, quiet p99 ${ms(pick('quietP99'))}; p99 / quiet p99 ` +
        `${pick('ratio').toFixed(2)}x   (medians of ${ROUNDS}; targets < 1 s, p99 <= 2x quiet)`,
    )
    for (const [form, term] of SEARCHES) {
      const { ms: took, listMs, total, shown } = await searchTimes(site.url, repo, term)
      console.log(
        `${label}: search ${form.padEnd(20)} ${JSON.stringify(term).padEnd(13)} list answer ${ms(took).padStart(8)}, ` +
          `repository ${ms(listMs).padStart(8)}  (${shown} shown of ${total}; target < 20 ms)`,
      )
    }
  } finally {
    await site.close()
  }
}

console.log(`Node ${process.version}, NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}`)
const dir = mkdtempSync(path.join(os.tmpdir(), 'subscriber-admin-bench-'))
const sqlite = openSqliteSubscribersRepository(path.join(dir, 'subscribers.sqlite'))
try {
  await bench('SQLite', sqlite)
} finally {
  await sqlite.close()
  rmSync(dir, { recursive: true, force: true })
}
if (process.env.BENCH_SUBSCRIBER_ADMIN_POSTGRES !== '0') {
  const { pool, drop } = await createTestSchema()
  const postgres = await openPostgresSubscribersRepository(pool)
  try {
    await bench('PostgreSQL', postgres)
  } finally {
    await postgres.close()
    await drop()
  }
}
