/**
 * Issue 40's fan-out at a popular band's scale (ADR 190): a production server of this checkout with the seed
 * content and BENCH_ALERT_FANS (default 50,000) confirmed subscribers of one area, written through the
 * newsletter's repository, sending to a local SMTP sink in its own process that accepts at most
 * BENCH_ALERTS_SINK_RATE mails a second (the server is told the same rate). One show of that area is published
 * through the content API; the bench prints mails per second against the sink's limit, the server's resident
 * memory sampled every second while the fan-out runs, and `GET /` p99 (a request every PROBE_INTERVAL_MS, one at a time)
 * during it against a quiet run of the same server just before. SQLite, then PostgreSQL (the local test
 * database; BENCH_ALERTS_POSTGRES=0 skips it, BENCH_ALERTS_SQLITE=0 the SQLite run). BENCH_ALERTS_MAIL_WORK=event-loop,thread runs each store with the
 * mails written and sent on the event loop and then in their thread (ADR 196), for ratios from one run. Needs
 * `npm run build`.
 */
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { vmRssBytes } from './scale/instance'
import { getOk } from './scale/http'
import { percentile, PROBE_INTERVAL_MS } from './scale/paced-gets'
import { ADMIN_TOKEN, startAlertsInstance, type AlertsInstance } from './alerts/alerts-instance'
import { startRateLimitedSink, type Sink } from './alerts/sink-process'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const FANS = Number(process.env.BENCH_ALERT_FANS ?? 50_000)
const RATE = Number(process.env.BENCH_ALERTS_SINK_RATE ?? 150)
const QUIET_S = Number(process.env.BENCH_ALERTS_QUIET_S ?? 10)
const PORT = Number(process.env.BENCH_ALERTS_PORT ?? 0)
/** The SMTP sink's port; 0: a free one. */
const SINK_PORT = Number(process.env.BENCH_ALERTS_SINK_PORT ?? 0)
/** Where the server writes and sends the mails, each a run of its own: `event-loop,thread` compares them. */
const MAIL_WORK = (process.env.BENCH_ALERTS_MAIL_WORK ?? 'thread').split(',') as ('thread' | 'event-loop')[]
const AREA = 'southern-california'
/** The first seconds after publishing, when the outbox rows are written (reported on their own). */
const FAN_OUT_WINDOW_S = 10
const MB = 1024 * 1024

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Probe = { at: number; ms: number }

/** `GET /` one at a time, a request every PROBE_INTERVAL_MS, while `going()`: when each started, and its time. */
async function probe(url: string, going: () => boolean): Promise<Probe[]> {
  const probes: Probe[] = []
  let next = performance.now()
  while (going()) {
    const wait = next - performance.now()
    if (wait > 0) await sleep(wait)
    next = performance.now() + PROBE_INTERVAL_MS
    const at = performance.now()
    probes.push({ at, ms: (await getOk(`${url}/`)).ms })
  }
  return probes
}

type Sample = { s: number; rssMb: number; received: number }

/** Every second until `done()`: the server's RSS and the mails the sink has accepted. */
async function sample(pid: number, sink: Sink, t0: number, done: (received: number) => boolean) {
  const samples: Sample[] = []
  for (;;) {
    const received = await sink.received()
    samples.push({ s: (performance.now() - t0) / 1000, rssMb: vmRssBytes(pid) / MB, received })
    if (done(received)) return samples
    await sleep(1000)
  }
}

const newShow = (now: Date) => ({
  _id: `bench-alert-show-${now.getTime()}`,
  _type: 'event',
  slug: { _type: 'slug', current: `bench-alert-show-${now.getTime()}` },
  startsAt: new Date(now.getTime() + 60 * 86_400_000).toISOString(),
  timeZone: 'America/Los_Angeles',
  venue: 'The Observatory',
  city: 'Santa Ana',
  region: 'CA',
  country: 'US',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/bench-alert',
  area: { _type: 'reference', _ref: `area-${AREA}` },
  notifyFans: true,
})

async function outbox(site: AlertsInstance) {
  const res = await fetch(`${site.url}/api/newsletter/admin/alerts`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  return ((await res.json()) as { outbox: Record<string, number> }).outbox
}

function report(label: string, quiet: Probe[], during: Probe[], samples: Sample[], t0: number) {
  const f = (ms: number) => `${ms.toFixed(1)} ms`
  const firstMail = samples.find((s) => s.received > 0)!
  const last = samples.at(-1)!
  const rate = (last.received - firstMail.received) / (last.s - firstMail.s)
  const early = during.filter((p) => p.at - t0 < FAN_OUT_WINDOW_S * 1000).map((p) => p.ms)
  const all = during.map((p) => p.ms)
  const quietP99 = percentile(
    quiet.map((p) => p.ms),
    0.99,
  )
  const rss = samples.map((s) => s.rssMb)
  const every = Math.max(1, Math.round(samples.length / 12))
  console.log(
    `${label}: ${last.received.toLocaleString('en-US')} mails in ${last.s.toFixed(0)} s; ` +
      `${rate.toFixed(0)} mails/s against the sink's ${RATE}/s (${((rate / RATE) * 100).toFixed(0)}%)`,
  )
  console.log(
    `${label}: RSS MB ${samples
      .filter((_, i) => i % every === 0 || i === samples.length - 1)
      .map((s) => `${s.s.toFixed(0)}s ${s.rssMb.toFixed(0)}`)
      .join(', ')}; min ${Math.min(...rss).toFixed(0)}, max ${Math.max(...rss).toFixed(0)}`,
  )
  console.log(
    `${label}: GET / p99 quiet ${f(quietP99)} (${quiet.length}); during the fan-out ${f(percentile(all, 0.99))} ` +
      `(${all.length}, ${(percentile(all, 0.99) / quietP99).toFixed(2)}x), in its first ${FAN_OUT_WINDOW_S} s ` +
      `${f(percentile(early, 0.99))} (${(percentile(early, 0.99) / quietP99).toFixed(2)}x); longest ` +
      `${f(Math.max(...all))}   (target p99 <= 2x quiet)`,
  )
}

async function bench(label: string, postgres: boolean, mailWork: 'thread' | 'event-loop') {
  const now = new Date()
  const sink = await startRateLimitedSink(RATE, SINK_PORT)
  let site: AlertsInstance | undefined
  try {
    site = await startAlertsInstance(
      root,
      { postgres, fans: FANS, area: AREA, smtpUrl: sink.url, mailsPerSecond: RATE, mailWork, port: PORT },
      now,
    )
    for (let i = 0; i < 20; i++) await getOk(`${site.url}/`)
    const loadAtStart = loadAverage()
    const quietUntil = performance.now() + QUIET_S * 1000
    const quiet = await probe(site.url, () => performance.now() < quietUntil)
    const t0 = performance.now()
    await site.client.createOrReplace(newShow(now))
    let sending = true
    const [samples, during] = await Promise.all([
      sample(site.pid, sink, t0, (received) => {
        sending = received < FANS && performance.now() - t0 < (FANS / RATE) * 3000 + 60_000
        return !sending
      }),
      probe(site.url, () => sending),
    ])
    report(label, quiet, during, samples, t0)
    console.log(`${label}: load average at the start ${loadAtStart}, at the end ${loadAverage()}`)
    await sleep(500)
    console.log(`${label}: outbox ${JSON.stringify(await outbox(site))}`)
  } finally {
    await site?.close()
    await sink.close()
  }
}

const stores = [
  ...(process.env.BENCH_ALERTS_SQLITE === '0' ? [] : [false]),
  ...(process.env.BENCH_ALERTS_POSTGRES === '0' ? [] : [true]),
]
for (const postgres of stores) {
  for (const mailWork of MAIL_WORK) {
    await bench(
      `${postgres ? 'PostgreSQL' : 'SQLite'}, mails ${mailWork === 'thread' ? 'in a thread' : 'on the event loop'}`,
      postgres,
      mailWork,
    )
  }
}
