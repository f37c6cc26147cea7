/**
 * `GET /` from the production build (its page cache in front of the renderer, ADR 090) against the same bytes
 * from bare `node:http` servers that hold them in memory, side by side in one run, at 50 and 200 connections:
 * requests/s, p50 and p99 for each and the ratios, and the CPU time each server spends per request (Linux).
 * Two baselines: the page's body alone (the issue's target: a bare server's floor), and the page's whole response,
 * its head included (the same bytes on the wire). The head matters on loopback, where one TCP segment holds up to
 * 64 KB: the body alone fits in one segment, the body with the page's security headers needs two, and the second
 * segment costs kernel time whoever sends it (ADR 090). Then the first request after a publish: a published
 * document changes through the content API and the next `GET /` is timed (it must show the change).
 *
 * Every server runs in its own process; the load generator is wrk (autocannon when wrk is missing). The site
 * logs every request at `info`, as in production (to /dev/null). The load generator and the servers share the
 * machine, with whatever else runs on it: the servers are warmed up first, then measured in turn, rotating
 * which goes first, `BENCH_ROUNDS` times; the median ratio is the figure. Only the ratios mean anything.
 *
 * What the p99 at 200 connections measures (ADR 090): every wrk run opens its connections at once, and Node's
 * libuv accepts one connection per listening socket and event-loop turn, so with one socket the last of 200 new
 * connections waits for about 200 turns, each of which serves every connection already open. wrk corrects its
 * percentiles for coordinated omission (a request held for L ms adds a sample for every request its connection
 * would have sent meanwhile), so those first requests decide the p99. The bare servers keep Node's one socket;
 * this server runs as in production, with `HTTP_ACCEPT_WATCHERS` (8) sockets on its port (`reusePort`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createClient } from '@sanity/client'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 6)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const WARMUP_S = 2
const LOADS = [50, 200]
const PUBLISHES = 7

type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; requests: number }
type Measured = Figures & { cpuUsPerRequest: number }

const CLOCK_TICKS_PER_S =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100

/** User and system CPU time of a process so far, in microseconds (Linux `/proc`), or NaN elsewhere. */
function cpuTimeUs(pid: number): number {
  try {
    // Fields after the command name (which is in parentheses and may hold spaces): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S) * 1e6
  } catch {
    return Number.NaN
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitFor(url: string, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log()}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer:\n${log()}`)
}

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  return { child, log: () => stderr }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/**
 * The bare baselines: one buffer, read from a file at start, written with its length, or (HEAD_FILE) with the
 * head the site sent, as a flat `[name, value, ...]` list (Node adds `Date` and `Connection` as it does for the
 * site).
 */
const BARE_SERVER = `
const fs = require('node:fs')
const body = fs.readFileSync(process.env.BODY_FILE)
const head = process.env.HEAD_FILE
  ? JSON.parse(fs.readFileSync(process.env.HEAD_FILE, 'utf8'))
  : ['content-type', 'text/html; charset=utf-8', 'content-length', String(body.length)]
require('node:http')
  .createServer((req, res) => {
    res.writeHead(200, head)
    res.end(body)
  })
  .listen(Number(process.env.PORT), '127.0.0.1')
`

/** Headers Node writes by itself on every response; the site's own are copied to the same-response baseline. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/** The bytes of one whole `GET /` response on a keep-alive connection, head included. */
function responseBytes(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const headEnd = received.indexOf('\r\n\r\n')
      const length = /content-length: *(\d+)/i.exec(received.subarray(0, headEnd).toString('latin1'))
      if (headEnd >= 0 && length && received.length >= headEnd + 4 + Number(length[1])) {
        socket.destroy()
        resolve(received.length)
      }
    })
    socket.on('error', reject)
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`)
  })
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
const toMs = (value: string) => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value)
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN
}

function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined
}

function runWrk(url: string, connections: number, seconds: number): Figures {
  const result = spawnSync(
    'wrk',
    ['-t2', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', url],
    { encoding: 'utf8' },
  )
  const out = result.stdout
  const latency = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '')
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: latency('50'),
    p99: latency('99'),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
  }
}

async function runAutocannon(url: string, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds })
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  }
}

const line = (label: string, f: Measured) =>
  `  ${label.padEnd(16)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   ` +
  `p99 ${f.p99.toFixed(2).padStart(8)} ms   CPU ${f.cpuUsPerRequest.toFixed(1).padStart(5)} us/req   ` +
  `(${f.requests} requests, ${f.errors} errors, ${f.non2xx} non-2xx)`

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ssr-bench-'))
const sitePort = await freePort()
const site = start(['--import', 'tsx', 'server/index.ts'], {
  NODE_ENV: 'production',
  PORT: String(sitePort),
  HOST: '127.0.0.1',
  HTTPS_PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  ADMIN_PASSWORD: 'bench-admin-password',
})
const bares: ReturnType<typeof start>[] = []
type Side = { label: string; url: string; pid: number; wireBytes: number }
try {
  const siteUrl = `http://127.0.0.1:${sitePort}`
  await waitFor(`${siteUrl}/healthz`, site.child, site.log)
  const page = await fetch(`${siteUrl}/`, { headers: { 'accept-encoding': 'identity' } })
  const body = Buffer.from(await page.arrayBuffer())
  const bodyFile = path.join(dataDir, 'home.html')
  writeFileSync(bodyFile, body)
  // The site's head as it sent it (with the request id of that answer: every answer's id has the same length).
  const headFile = path.join(dataDir, 'head.json')
  writeFileSync(
    headFile,
    JSON.stringify([...page.headers].filter(([name]) => !NODE_OWN_HEADERS.has(name)).flat()),
  )
  const startBare = async (label: string, env: Record<string, string>): Promise<Side> => {
    const port = await freePort()
    const bare = start(['-e', BARE_SERVER], { PORT: String(port), BODY_FILE: bodyFile, ...env })
    bares.push(bare)
    const url = `http://127.0.0.1:${port}`
    await waitFor(`${url}/`, bare.child, bare.log)
    return { label, url, pid: bare.child.pid!, wireBytes: await responseBytes(port) }
  }
  const ours: Side = {
    label: 'this server',
    url: siteUrl,
    pid: site.child.pid!,
    wireBytes: await responseBytes(sitePort),
  }
  const bodyOnly = await startBare('bare, body', {})
  const sameResponse = await startBare('bare, response', { HEAD_FILE: headFile })
  const sides = [ours, bodyOnly, sameResponse]

  const load = hasWrk() ? runWrk : runAutocannon
  const measure = async ({ url, pid }: Side, connections: number): Promise<Measured> => {
    const cpuBefore = cpuTimeUs(pid)
    const figures = await load(`${url}/`, connections, DURATION_S)
    return { ...figures, cpuUsPerRequest: (cpuTimeUs(pid) - cpuBefore) / figures.requests }
  }
  console.log(
    `GET / (${(body.length / 1024).toFixed(1)} KB, identity), ${ROUNDS} rounds of ${DURATION_S} s per server ` +
      `after ${WARMUP_S} s of warm-up, ${hasWrk() ? 'wrk -t2' : 'autocannon'}; servers and load generator share ` +
      `${os.cpus().length} cores; load average ${os.loadavg()[0]!.toFixed(1)}`,
  )
  console.log(
    `bytes per response, head included: ${sides.map((side) => `${side.label} ${side.wireBytes}`).join(', ')} ` +
      `(one loopback TCP segment holds at most 65,483)`,
  )
  const ratios = (a: Measured, b: Measured) =>
    `${((a.rps / b.rps) * 100).toFixed(0)}% of req/s, p99 ${(a.p99 / b.p99).toFixed(2)}x, ` +
    `CPU per request ${(a.cpuUsPerRequest / b.cpuUsPerRequest).toFixed(2)}x`
  let errors = 0
  for (const connections of LOADS) {
    for (const side of sides) await load(`${side.url}/`, connections, WARMUP_S)
    console.log(`${connections} connections`)
    const against = {
      body: { rps: [] as number[], p99: [] as number[] },
      response: { rps: [] as number[], p99: [] as number[] },
    }
    const cpu = new Map<Side, number[]>(sides.map((side) => [side, []]))
    for (let round = 1; round <= ROUNDS; round++) {
      // Rotating which goes first: no side always meets the machine's other load at the same moment.
      const order = sides.map((_, i) => sides[(i + round - 1) % sides.length]!)
      const figures = new Map<Side, Measured>()
      for (const side of order) figures.set(side, await measure(side, connections))
      const [site, body, response] = sides.map((side) => figures.get(side)!) as [Measured, Measured, Measured]
      against.body.rps.push(site.rps / body.rps)
      against.body.p99.push(site.p99 / body.p99)
      against.response.rps.push(site.rps / response.rps)
      against.response.p99.push(site.p99 / response.p99)
      for (const side of sides) cpu.get(side)!.push(figures.get(side)!.cpuUsPerRequest)
      errors += site.errors + site.non2xx
      console.log(`  round ${round} (load average ${os.loadavg()[0]!.toFixed(1)})`)
      for (const side of sides) console.log(line(side.label, figures.get(side)!))
      console.log(`  ${'vs bare, body'.padEnd(16)} ${ratios(site, body)}`)
      console.log(`  ${'vs bare, resp.'.padEnd(16)} ${ratios(site, response)}`)
    }
    const cpuMedians = sides.map((side) => `${side.label} ${median(cpu.get(side)!).toFixed(1)} us`).join(', ')
    console.log(
      `  median of ${ROUNDS}: ${(median(against.body.rps) * 100).toFixed(0)}% of the body-only bare server's ` +
        `req/s (target >= 50%), p99 ${median(against.body.p99).toFixed(2)}x (target <= 2x); against the bare ` +
        `server sending the same response: ${(median(against.response.rps) * 100).toFixed(0)}% of req/s, p99 ` +
        `${median(against.response.p99).toFixed(2)}x; CPU per request: ${cpuMedians}`,
    )
  }
  console.log(`errors and non-2xx answers of this server, all rounds: ${errors} (target 0)`)

  // The first request after a publish: an editor's commit to a published document, then GET /.
  const token = /lft_[\w-]+/.exec(
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/content-api/cli/main.ts',
        'token:add',
        '--label',
        'bench',
        '--role',
        'editor',
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    ).stdout,
  )?.[0]
  if (!token) throw new Error('could not create an API token for publishing')
  const client = createClient({
    apiHost: `${siteUrl}/content`,
    useProjectHostname: false,
    projectId: 'local',
    dataset: 'production',
    apiVersion: '2025-02-19',
    token,
    useCdn: false,
  })
  // One untimed publish first: the server has rendered only once so far, and a long-running one has not.
  const times: number[] = []
  for (let i = -1; i < PUBLISHES; i++) {
    const tagline = `Published in the benchmark, take ${i}`
    await client.patch('siteSettings').set({ tagline }).commit()
    const started = performance.now()
    const html = await (await fetch(`${siteUrl}/`)).text()
    if (i >= 0) times.push(performance.now() - started)
    if (!html.includes(tagline)) throw new Error('the page after a publish does not show it')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const sorted = [...times].sort((a, b) => a - b)
  console.log(
    `first GET / after a publish (shows it; after one untimed warm-up publish): ${times.map((t) => t.toFixed(1)).join(', ')} ms; ` +
      `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (target <= 50 ms)`,
  )
} finally {
  await Promise.all([stop(site.child), ...bares.map((bare) => stop(bare.child))])
  rmSync(dataDir, { recursive: true, force: true })
}
