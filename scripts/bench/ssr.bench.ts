/**
 * `GET /` with `Accept-Encoding: gzip` (as browsers send it) from the production build (its page cache in front
 * of the renderer, ADR 090) against a bare `node:http` server that answers the same gzip bytes with the same
 * head (the site's headers and a request id of the same length), side by side in one run, at 50 and 200
 * connections, measured two ways:
 *
 * - **behind Caddy**, as deployed (ADR 110): each server behind its own Caddy run from deploy/Caddyfile, on a
 *   loopback port without TLS (ssr/caddy-front.ts). Targets: >= 70% of the bare server's requests/s, p99 at most
 *   1.5x, 0 errors. Without `Accept-Encoding` the comparison would be wrong: Caddy then asks upstream for gzip
 *   and inflates every answer, for both sides.
 * - **directly**, the load generator on the server's port. Target: >= 35% of the bare server's requests/s.
 *
 * For each: requests/s, p50, p99, errors, and the CPU time the upstream spends per request (Linux), and the
 * ratios. Then the first request after a publish.
 *
 * `BENCH_SSR_VARIANTS` (JSON) adds further sites measured in the same rounds, e.g. another checkout (with its
 * own `dist/`) or this one with other settings, to weigh a piece of serving machinery with and without it:
 * `[{"label":"before","root":"/tmp/before"},{"label":"8 watchers","env":{"HTTP_ACCEPT_WATCHERS":"8"}}]`.
 *
 * Every server runs in its own process and logs every request at `info`, as in production (to /dev/null). The
 * load generator (wrk, else autocannon) and the servers share the machine, with whatever else runs on it: all
 * are warmed up, then measured in turn, rotating which goes first, `BENCH_ROUNDS` times; the median ratio is
 * the figure. Only the ratios mean anything. About 2 x 2 x (sites + 1) x (rounds + 1/3) x 6 s in all.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startCaddyFront, type CaddyFront } from './ssr/caddy-front'
import { firstRequestAfterPublish } from './ssr/first-after-publish'
import { hasWrk, runLoad, type Figures } from './ssr/load'
import { cpuTimeUs, freePort, median, start, stop, waitFor, type Started } from './ssr/processes'
import { rawGet, responseBytes } from './ssr/raw-response'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP_S = 2
const LOADS = [50, 200]
const MODES = ['behind Caddy', 'directly'] as const
type Mode = (typeof MODES)[number]
const TARGETS: Record<Mode, { rps: number; p99?: number }> = {
  'behind Caddy': { rps: 0.7, p99: 1.5 },
  directly: { rps: 0.35 },
}

type Variant = { label: string; root?: string; env?: Record<string, string> }
const variants: Variant[] = JSON.parse(process.env.BENCH_SSR_VARIANTS ?? '[]') as Variant[]

type Measured = Figures & { cpuUsPerRequest: number }
type Side = { label: string; pid: number; urls: Record<Mode, string>; wireBytes: number }

/** The bare baseline: the site's gzip bytes and head, read from files at start, for every request. */
const BARE_SERVER = `
const fs = require('node:fs')
const body = fs.readFileSync(process.env.BODY_FILE)
const head = JSON.parse(fs.readFileSync(process.env.HEAD_FILE, 'utf8'))
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, head)
    res.end(body)
  })
  .listen(Number(process.env.PORT), '127.0.0.1')
`

const processes: Started[] = []
const fronts: CaddyFront[] = []
const dataDirs: string[] = []

async function startSite({ root: siteRoot = root, env = {} }: Variant) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ssr-bench-'))
  dataDirs.push(dataDir)
  const port = await freePort()
  const site = start(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: siteRoot,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      HTTPS_PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...env,
    },
  })
  processes.push(site)
  await waitFor(`http://127.0.0.1:${port}/healthz`, site)
  return { port, dataDir, process: site }
}

async function sideFor(label: string, port: number, process: Started): Promise<Side> {
  const front = await startCaddyFront(root, port)
  fronts.push(front)
  return {
    label,
    pid: process.child.pid!,
    urls: { directly: `http://127.0.0.1:${port}/`, 'behind Caddy': `${front.url}/` },
    wireBytes: await responseBytes(port),
  }
}

async function measure(side: Side, mode: Mode, connections: number): Promise<Measured> {
  const cpuBefore = cpuTimeUs(side.pid)
  const figures = await runLoad(side.urls[mode], connections, DURATION_S)
  return { ...figures, cpuUsPerRequest: (cpuTimeUs(side.pid) - cpuBefore) / figures.requests }
}

const line = (label: string, f: Measured) =>
  `    ${label.padEnd(16)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   ` +
  `p99 ${f.p99.toFixed(2).padStart(8)} ms   upstream CPU ${f.cpuUsPerRequest.toFixed(1).padStart(5)} us/req   ` +
  `(${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx)`

const ratio = (site: Measured, bare: Measured) =>
  `${((site.rps / bare.rps) * 100).toFixed(0)}% of req/s, p99 ${(site.p99 / bare.p99).toFixed(2)}x`

try {
  const ours = await startSite({ label: 'this server' })
  const sites = [{ label: 'this server', ...ours }]
  for (const variant of variants) sites.push({ label: variant.label, ...(await startSite(variant)) })

  const page = await rawGet(ours.port)
  if (page.encoding !== 'gzip') throw new Error(`GET / with Accept-Encoding: gzip came back ${page.encoding}`)
  const bodyFile = path.join(ours.dataDir, 'home.html.gz')
  const headFile = path.join(ours.dataDir, 'head.json')
  writeFileSync(bodyFile, page.body)
  // With the request id of that answer: every answer's id has the same length.
  writeFileSync(headFile, JSON.stringify(page.head))
  const barePort = await freePort()
  const bare = start(process.execPath, ['-e', BARE_SERVER], {
    cwd: root,
    env: { PORT: String(barePort), BODY_FILE: bodyFile, HEAD_FILE: headFile },
  })
  processes.push(bare)
  await waitFor(`http://127.0.0.1:${barePort}/`, bare)

  const siteSides: Side[] = []
  for (const site of sites) siteSides.push(await sideFor(site.label, site.port, site.process))
  const bareSide = await sideFor('bare node:http', barePort, bare)
  const sides = [...siteSides, bareSide]

  console.log(
    `GET / (${(page.body.length / 1024).toFixed(1)} KB gzip), ${ROUNDS} rounds of ${DURATION_S} s per server and ` +
      `way after ${WARMUP_S} s of warm-up, ${hasWrk() ? 'wrk -t2' : 'autocannon'}; servers, Caddy and load ` +
      `generator share ${os.cpus().length} cores; load average ${os.loadavg()[0]!.toFixed(1)}`,
  )
  console.log(
    `bytes per response, head included: ${sides.map((s) => `${s.label} ${s.wireBytes}`).join(', ')}`,
  )

  const errors = new Map<Side, number>(sides.map((side) => [side, 0]))
  const summary: string[] = []
  for (const connections of LOADS) {
    for (const mode of MODES) for (const side of sides) await runLoad(side.urls[mode], connections, WARMUP_S)
    const all = new Map<string, Map<Side, { rps: number[]; p99: number[] }>>()
    for (const mode of MODES) all.set(mode, new Map(siteSides.map((s) => [s, { rps: [], p99: [] }])))
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`${connections} connections, round ${round} (load average ${os.loadavg()[0]!.toFixed(1)})`)
      for (const mode of MODES) {
        // Rotating which goes first: no side always meets the machine's other load at the same moment.
        const order = sides.map((_, i) => sides[(i + round - 1) % sides.length]!)
        const figures = new Map<Side, Measured>()
        for (const side of order) figures.set(side, await measure(side, mode, connections))
        console.log(`  ${mode}`)
        for (const side of sides) {
          const f = figures.get(side)!
          errors.set(side, errors.get(side)! + f.errors + f.non2xx)
          console.log(line(side.label, f))
        }
        const b = figures.get(bareSide)!
        for (const side of siteSides) {
          const f = figures.get(side)!
          all
            .get(mode)!
            .get(side)!
            .rps.push(f.rps / b.rps)
          all
            .get(mode)!
            .get(side)!
            .p99.push(f.p99 / b.p99)
          console.log(`    ${`${side.label} / bare`.padEnd(16)} ${ratio(f, b)}`)
        }
      }
    }
    for (const mode of MODES) {
      const target = TARGETS[mode]
      for (const side of siteSides) {
        const r = all.get(mode)!.get(side)!
        summary.push(
          `${String(connections).padStart(3)} connections, ${mode.padEnd(12)} ${side.label.padEnd(16)} ` +
            `${(median(r.rps) * 100).toFixed(0).padStart(3)}% of req/s (target >= ${target.rps * 100}%), ` +
            `p99 ${median(r.p99).toFixed(2)}x${target.p99 ? ` (target <= ${target.p99}x)` : ''}; rounds ` +
            r.rps.map((x, i) => `${(x * 100).toFixed(0)}%/${r.p99[i]!.toFixed(2)}x`).join(', '),
        )
      }
    }
  }
  console.log(`\nmedians of ${ROUNDS} rounds against the bare server in the same way:`)
  for (const entry of summary) console.log(`  ${entry}`)
  console.log(
    `errors and non-2xx answers, all rounds: ${sides.map((s) => `${s.label} ${errors.get(s)}`).join(', ')} (target 0)`,
  )

  console.log(await firstRequestAfterPublish(root, ours.dataDir, `http://127.0.0.1:${ours.port}`))
} finally {
  await Promise.all(fronts.map((front) => front.close()))
  await Promise.all(processes.map(({ child }) => stop(child)))
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
}
