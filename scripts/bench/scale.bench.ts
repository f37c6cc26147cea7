/**
 * Issue 37's table: what ten years of a touring band's history cost a fan, side by side in one run. SMALL is the
 * seed; LARGE is the seed plus 1,000 shows (60 US and Mexican cities, 11 time zones, USD and MXN, every status,
 * ten years back and one ahead), 500 news posts, 300 media items and 50,000 subscribers, generated
 * deterministically (scale/generate-content.ts, scale/subscribers.ts: through the content CLI's import and the
 * newsletter's repository). Each is a production server of this checkout in its own process.
 *
 * Every measurement is taken on each instance in turn, rotating which goes first, `BENCH_ROUNDS` times (the
 * median is the figure); the sizes, the sitemap crawls and the memory once, at the end. Only the ratios mean
 * much. `BENCH_SCALE_FURTHER=1` adds a third instance ten times LARGE's history (10,000 shows, 5,000 posts,
 * 3,000 media items, 500,000 subscribers), measured in the first round only and not crawled, to show the trend.
 * `BENCH_SCALE_POSTGRES=1` adds LARGE's 50,000 subscribers in PostgreSQL (a throwaway schema of
 * TEST_DATABASE_URL) behind the seed's content, measured in the CSV export's step only.
 * `BENCH_SCALE_NOW` (ISO date) fixes the day the history ends, and the seed's shows stand around it as around the
 * day the end-to-end tests pin, in both sizes (scale/seed-around-now.ts); default today. `BENCH_SCALE_PORT`: the first of
 * consecutive ports for the servers; default free ones.
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { InstanceSize } from './scale/data-dir'
import { heapUsedBytes, startInstance, vmRssBytes, type Instance } from './scale/instance'
import * as measure from './scale/measures'
import { exportP99s, figure, table, type Figures } from './scale/table'
import { hasWrk } from './ssr/load'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const RPS_SECONDS = Number(process.env.BENCH_DURATION_S ?? 3)
const FURTHER = process.env.BENCH_SCALE_FURTHER === '1'
const POSTGRES = process.env.BENCH_SCALE_POSTGRES === '1'
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 0)
const now = new Date(process.env.BENCH_SCALE_NOW ?? new Date().toISOString().slice(0, 10))

type Size = { label: string; size: InstanceSize; rounds: number; crawl: boolean; csvOnly?: boolean }

const SIZES: Size[] = [
  { label: 'SMALL', size: { subscribers: 0 }, rounds: ROUNDS, crawl: true },
  {
    label: 'LARGE',
    size: { content: { shows: 1000, posts: 500, media: 300 }, subscribers: 50_000 },
    rounds: ROUNDS,
    crawl: true,
  },
  ...(FURTHER
    ? [
        {
          label: 'FURTHER',
          size: { content: { shows: 10_000, posts: 5000, media: 3000 }, subscribers: 500_000 },
          rounds: 1,
          crawl: false,
        },
      ]
    : []),
  ...(POSTGRES
    ? [
        {
          label: 'PostgreSQL',
          size: { subscribers: 50_000, postgres: true },
          rounds: ROUNDS,
          crawl: false,
          csvOnly: true,
        },
      ]
    : []),
]

type Side = Omit<Size, 'size'> & { site: Instance; figures: Figures }
const notes: string[] = []

function record(side: Side, values: Record<string, number | boolean>) {
  for (const [name, value] of Object.entries(values)) {
    const list = side.figures.get(name) ?? []
    list.push(Number(value))
    side.figures.set(name, list)
  }
}

/** One round: every measurement on every side in turn, the first side rotating from round to round. */
async function round(sides: Side[], n: number) {
  const order = sides.map((_, i) => sides[(i + n) % sides.length]!).filter((side) => n < side.rounds)
  const each = async (step: (side: Side) => Promise<void>, { csv = false } = {}) => {
    for (const side of order.filter((s) => csv || !s.csvOnly)) {
      await measure.settle(side.site)
      await step(side)
    }
  }
  await each(async (side) => {
    for (const [page, name] of [
      [measure.HOME, 'home'],
      [measure.UPCOMING_SHOWS, 'upcoming'],
      [measure.PAST_SHOWS, 'past'],
      [measure.CALENDAR, 'ics'],
    ] as const) {
      const cold = await measure.coldRender(side.site, page)
      record(side, { [`${name}Cold`]: cold.ms, [`${name}Bytes`]: cold.bytes, [`${name}Events`]: cold.events })
      if (cold.stale && page !== measure.CALENDAR) notes.push(`${side.label}: ${page} was not rendered again`)
    }
  })
  await each(async (side) => record(side, { rps: await measure.cachedRps(side.site, RPS_SECONDS) }))
  await each(async (side) => {
    const wait = await measure.longestWaitAfterPublish(side.site)
    record(side, { publishWait: wait.ms })
    if (!wait.stillCached)
      notes.push(`${side.label}: the unchanged page was rendered again after the publish`)
  })
  await each(async (side) => record(side, { visible: await measure.publishToVisible(side.site) }))
  await each(
    async (side) => {
      const csv = await measure.csvExport(side.site)
      record(side, {
        csvMs: csv.ms,
        csvRows: csv.rows,
        csvExports: csv.exports,
        csvDuringMax: csv.duringMax,
        csvP99Ratio: csv.p99Ratio,
      })
      // Every answer of every round, for the p99 of the whole run (see `exportP99s`).
      for (const [name, times] of [
        ['csvDuring', csv.during],
        ['csvQuiet', csv.quiet],
      ] as const)
        side.figures.set(name, [...(side.figures.get(name) ?? []), ...times])
    },
    { csv: true },
  )
  await each(async (side) => {
    for (const ms of await measure.firstQueryAfterCommit(side.site)) record(side, { queryAfterCommit: ms })
  })
  await each(async (side) => {
    for (const ms of await measure.deleteDocument(side.site)) record(side, { deleteMs: ms })
    for (const ms of await measure.publishDraft(side.site)) record(side, { publishDraftMs: ms })
  })
}

/** The CSV export's p99 ratio of each round, as taken. */
const csvRounds = ({ label, figures: f }: Side) =>
  `${label} ${(f.get('csvP99Ratio') ?? []).map((ratio) => `${ratio.toFixed(2)}x`).join(', ')}`

/** The CSV export's figures of a side measured in that step only. */
const csvLine = ({ label, figures: f }: Side) => {
  const { during, quiet } = exportP99s(f)
  return (
    `${label} (the seed's content, ${figure(f, 'csvRows').toLocaleString('en-US')} subscribers): CSV export ` +
    `${figure(f, 'csvMs').toFixed(0)} ms (target < 1 s); cached \`GET /\` during it (${figure(f, 'csvExports')} ` +
    `exports a round, each after a quiet spell as long) p99 ${during.toFixed(1)} ms, longest ` +
    `${Math.max(...(f.get('csvDuringMax') ?? [])).toFixed(1)} ms; quiet p99 ${quiet.toFixed(1)} ms; p99 during / ` +
    `quiet ${(during / quiet).toFixed(2)}x, over every answer of the rounds (target: within 2x)`
  )
}

const sides: Side[] = []
const began = performance.now()
try {
  for (const [i, { size, ...side }] of SIZES.entries()) {
    const started = performance.now()
    const site = await startInstance(root, side.label, size, now, PORT && PORT + i)
    sides.push({ ...side, site, figures: new Map() })
    console.log(`${side.label}: built and started in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  }
  console.log(
    `history ends ${now.toISOString().slice(0, 10)}; ${ROUNDS} rounds; ${os.cpus().length} cores, load average ` +
      `${os.loadavg()[0]!.toFixed(1)}; requests/s from ` +
      (hasWrk()
        ? 'wrk'
        : 'autocannon in this process (apt-get install wrk: a load generator apart from the bench)'),
  )
  const tabled = sides.filter((side) => !side.csvOnly)
  for (const side of tabled) {
    await measure.settle(side.site)
    record(side, await measure.homeBytes(side.site))
  }
  for (let n = 0; n < ROUNDS; n++) {
    await round(sides, n)
    console.log(`round ${n + 1} done (load average ${os.loadavg()[0]!.toFixed(1)})`)
  }
  for (const side of sides.filter((s) => s.crawl)) {
    const crawl = await measure.sitemapCrawls(side.site)
    record(side, { crawlPages: crawl.pages, crawlHits: crawl.hits, homeStillCached: crawl.homeStillCached })
    console.log(
      `${side.label}: first sitemap crawl of ${crawl.pages} pages took ${(crawl.firstMs / 1000).toFixed(1)} s`,
    )
  }
  for (const side of tabled) {
    record(side, { rss: vmRssBytes(side.site.pid), heapUsed: await heapUsedBytes(side.site) })
  }

  console.log(
    `\nmedians of ${ROUNDS} rounds (FURTHER: one), ${((performance.now() - began) / 1000).toFixed(0)} s in all:\n`,
  )
  console.log(
    table(
      tabled.map((s) => s.label),
      tabled.map((s) => s.figures),
    ),
  )
  for (const side of sides.filter((s) => s.csvOnly)) console.log(`\n${csvLine(side)}`)
  console.log(`\nthe CSV export's p99 during / quiet, round by round: ${sides.map(csvRounds).join('; ')}`)
  for (const note of new Set(notes)) console.log(`note: ${note}`)
} finally {
  await Promise.all(sides.map((side) => side.site.close()))
}
