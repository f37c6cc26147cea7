/**
 * The Studio's subscriber admin at LARGE's 50,000 subscribers (BENCH_SUBSCRIBERS), on SQLite and on PostgreSQL
 * (the local test database; BENCH_SUBSCRIBER_ADMIN_POSTGRES=0 skips it): the CSV export's wall time with a
 * stand-in for a cached `GET /` sent back to back during it (p99 and longest wait, against the same request's p99
 * just before), and the admin search's time for a few terms. The router and repositories are the server's own,
 * in this process; subscribers are added through the repository as the scale bench adds them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import pino from 'pino'
import { createSubscribersAdminRouter } from '../../server/newsletter/admin-router'
import { openPostgresSubscribersRepository } from '../../server/newsletter/postgres-subscribers-repository'
import { openSqliteSubscribersRepository } from '../../server/newsletter/sqlite-subscribers-repository'
import type { SubscribersRepository } from '../../server/newsletter/subscribers-repository'
import { createTestSchema } from '../../server/newsletter/testing/postgres'
import { addSubscribers } from './scale/subscribers'
import { getOk } from './scale/http'

const COUNT = Number(process.env.BENCH_SUBSCRIBERS ?? 50_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const PORT = Number(process.env.BENCH_SUBSCRIBER_ADMIN_PORT ?? 0)
const NOW = new Date('2026-06-01T12:00:00.000Z')
/** A name, an address's middle, a domain, a word that matches nothing, one letter. */
const SEARCHES = ['martínez', 'maria.garcia', 'example.com', 'zzqx', 'a']
const HOME_HTML = '<!doctype html><title>Los Forasteros</title>'.padEnd(13_500, ' ')

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}
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
  const quiet: number[] = []
  for (let i = 0; i < 30; i++) quiet.push((await getOk(url + '/')).ms)
  let exporting = true
  const download = getOk(url + '/api/newsletter/admin/subscribers.csv').finally(() => (exporting = false))
  const during: number[] = []
  do during.push((await getOk(url + '/')).ms)
  while (exporting)
  const file = await download
  return {
    ms: file.ms,
    rows: file.body.toString('utf8').trimEnd().split('\n').length - 1,
    p99: percentile(during, 0.99),
    max: Math.max(...during),
    quietP99: percentile(quiet, 0.99),
  }
}

/** The admin list's answer to a search (page, total and counts per status), and the repository's own part. */
async function searchTimes(url: string, repo: SubscribersRepository, term: string) {
  const times: number[] = []
  const reads: number[] = []
  let total = 0
  for (let i = 0; i < 7; i++) {
    const answer = await getOk(`${url}/api/newsletter/admin/subscribers?q=${encodeURIComponent(term)}`)
    times.push(answer.ms)
    total = (JSON.parse(answer.body.toString('utf8')) as { total: number }).total
    const started = performance.now()
    await repo.list({ search: term, limit: 50, offset: 0 })
    reads.push(performance.now() - started)
  }
  return { ms: median(times), listMs: median(reads), total }
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
        `longest ${ms(pick('max'))}, quiet p99 ${ms(pick('quietP99'))}   (medians of ${ROUNDS}; targets < 1 s, p99 <= 2x quiet)`,
    )
    for (const term of SEARCHES) {
      const { ms: took, listMs, total } = await searchTimes(site.url, repo, term)
      console.log(
        `${label}: search ${JSON.stringify(term).padEnd(14)} ${ms(took).padStart(9)}, repository list ${ms(listMs).padStart(9)}  (${total} matches; target < 20 ms)`,
      )
    }
  } finally {
    await site.close()
  }
}

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
