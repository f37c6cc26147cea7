/**
 * `npm run bench -- https-front`: what the HTTPS port (HTTP/2) costs against the plain port for fans' `GET /`, on
 * the production server in its own process (ADR 050). Per round and port: sequential GETs over one kept
 * connection (p50, p99), then `BENCH_HTTPS_CONCURRENCY` requests at a time for `BENCH_BLOCK_MS` (requests/s, the
 * server's CPU per request); ports and servers alternate within each round. ABUSE_BASELINE_ROOT=<checkout> adds
 * that checkout's server (built) to the same rounds. Needs `npm run build`. Loopback only, bounded.
 */
import http from 'node:http'
import { percentile } from '../../server/testing/abuse'
import { startAbuseServer, type AbuseServer } from '../../server/testing/abuse-server'
import { httpsSampler } from '../../server/testing/https-sampler'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 3000)
const SEQUENTIAL = 300
const CONCURRENCY = Number(process.env.BENCH_HTTPS_CONCURRENCY ?? 32)
const PORT = Number(process.env.ABUSE_BENCH_PORT ?? 4580)
const BASELINE_ROOT = process.env.ABUSE_BASELINE_ROOT

type Get = () => Promise<number>
type Figures = { p50: number; p99: number; rps: number; cpuUs: number }

/** The plain port: node:http over kept-alive connections, as many as requests at once. */
function plainGet(url: string, agent: http.Agent): Get {
  return () =>
    new Promise((resolve, reject) => {
      const started = performance.now()
      http
        .get(url, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve(performance.now() - started))
        })
        .on('error', reject)
    })
}

/** The HTTPS port: streams on one HTTP/2 connection, as a browser uses it. */
function httpsGet(sampler: ReturnType<typeof httpsSampler>): Get {
  return async () => {
    const answer = await sampler.get('/')
    if (!answer.ok) throw new Error(`HTTPS GET / failed (${answer.status ?? 'no answer'})`)
    return answer.ms
  }
}

async function measure(server: AbuseServer, get: Get): Promise<Figures> {
  const times: number[] = []
  for (let i = 0; i < SEQUENTIAL; i++) times.push(await get())
  const cpuBefore = server.cpuMs()
  const until = performance.now() + BLOCK_MS
  let done = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await get()
        done++
      }
    }),
  )
  const cpuMs = server.cpuMs() - cpuBefore
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: done / (BLOCK_MS / 1000),
    cpuUs: (cpuMs * 1000) / done,
  }
}

const servers: { label: string; server: AbuseServer }[] = []
if (BASELINE_ROOT)
  servers.push({ label: 'baseline', server: await startAbuseServer({ port: PORT + 2, root: BASELINE_ROOT }) })
servers.push({ label: 'this', server: await startAbuseServer({ port: PORT }) })
const results = new Map<string, Figures[]>()
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const { label, server } of servers) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
      const sampler = httpsSampler(`https://127.0.0.1:${server.target.httpsPort}`)
      const ports: [string, Get][] = [
        ['plain', plainGet(`${server.target.url}/`, agent)],
        ['https', httpsGet(sampler)],
      ]
      // Warm both ports (the page cache, the TLS session) before measuring.
      for (const [, get] of ports) for (let i = 0; i < 20; i++) await get()
      for (const [port, get] of round % 2 ? ports.reverse() : ports) {
        const key = `${label} ${port}`
        results.set(key, [...(results.get(key) ?? []), await measure(server, get)])
      }
      agent.destroy()
      sampler.close()
    }
  }
  const median = (values: number[]) => percentile(values, 50)
  console.log(
    `GET /: ${SEQUENTIAL} sequential (p50, p99 ms), then ${CONCURRENCY} at a time for ${BLOCK_MS} ms (requests/s, server CPU per request); medians of ${ROUNDS} rounds`,
  )
  console.log('server   port     p50     p99   req/s  CPU us/req   req/s vs plain')
  for (const { label } of servers) {
    const plain = median(results.get(`${label} plain`)!.map((f) => f.rps))
    for (const port of ['plain', 'https']) {
      const figures = results.get(`${label} ${port}`)!
      const rps = median(figures.map((f) => f.rps))
      console.log(
        [
          label.padEnd(8),
          port.padEnd(5),
          median(figures.map((f) => f.p50))
            .toFixed(2)
            .padStart(7),
          median(figures.map((f) => f.p99))
            .toFixed(2)
            .padStart(7),
          rps.toFixed(0).padStart(7),
          median(figures.map((f) => f.cpuUs))
            .toFixed(0)
            .padStart(11),
          `${((rps / plain) * 100).toFixed(0)}%`.padStart(16),
        ].join(' '),
      )
    }
  }
} finally {
  for (const { server } of servers) await server.close()
}
process.exit(0)
