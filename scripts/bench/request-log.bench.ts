/**
 * `npm run bench -- request-log`: what a flood writes to the log (issue 36). The production server twice, at
 * `LOG_LEVEL=info`, one writing every request's line (`LOG_REQUESTS_PER_SECOND=0`, as before the budget)
 * and one with the default budget; each flooded in turn with `GET /` and with distinct 404 paths (autocannon,
 * loopback, 10 connections), blocks alternating. Prints requests answered, log bytes and lines, and bytes per
 * request. Needs `npm run build`. REQUEST_LOG_BENCH_PORT (two ports each side), BENCH_ROUNDS, BENCH_BLOCK_S.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const PORT = Number(process.env.REQUEST_LOG_BENCH_PORT ?? 4600)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const BLOCK_S = Number(process.env.BENCH_BLOCK_S ?? 4)

type Side = { label: string; url: string; log: { bytes: number; lines: number }; stop: () => void }

/** `linesPerSecond` undefined: the server's default. */
async function startServer(label: string, port: number, linesPerSecond?: string): Promise<Side> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'request-log-bench-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    HTTPS_PORT: String(port + 1),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_REQUESTS_PER_SECOND: linesPerSecond,
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'bench-password',
  }
  if (linesPerSecond === undefined) delete env.LOG_REQUESTS_PER_SECOND
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const log = { bytes: 0, lines: 0 }
  child.stdout.on('data', (chunk: Buffer) => {
    log.bytes += chunk.length
    for (const byte of chunk) if (byte === 10) log.lines++
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    if (i > 600 || child.exitCode !== null) throw new Error(`${label}: the server did not start`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    label,
    url,
    log,
    stop: () => {
      child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

type Totals = { requests: number; bytes: number; lines: number }

async function flood(side: Side, kind: 'page' | '404'): Promise<Totals> {
  const before = { ...side.log }
  let n = 0
  const result = await autocannon({
    url: side.url,
    connections: 10,
    duration: BLOCK_S,
    requests: [{ setupRequest: (req) => ({ ...req, path: kind === 'page' ? '/' : `/missing-${n++}` }) }],
  })
  // The last lines of the block, and a budget's summary of its last second.
  await new Promise((resolve) => setTimeout(resolve, 1500))
  return {
    requests: result.requests.total,
    bytes: side.log.bytes - before.bytes,
    lines: side.log.lines - before.lines,
  }
}

const every = await startServer('every line', PORT, '0')
const budget = await startServer('budget (default)', PORT + 2)
try {
  for (const side of [every, budget])
    for (let i = 0; i < 20; i++) await (await fetch(`${side.url}/`)).arrayBuffer()
  const totals = new Map<string, Totals>()
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of ['page', '404'] as const) {
      for (const side of round % 2 ? [budget, every] : [every, budget]) {
        const block = await flood(side, kind)
        const key = `${kind}\u0000${side.label}`
        const sum = totals.get(key) ?? { requests: 0, bytes: 0, lines: 0 }
        totals.set(key, {
          requests: sum.requests + block.requests,
          bytes: sum.bytes + block.bytes,
          lines: sum.lines + block.lines,
        })
      }
    }
  }
  console.log(
    `Log written under a flood (${ROUNDS} x ${BLOCK_S} s per side and kind, 10 connections, LOG_LEVEL=info)`,
  )
  console.log('flood           server             requests  log lines   log MB  bytes/request  requests/s')
  for (const [key, t] of totals) {
    const [kind, label] = key.split('\u0000') as [string, string]
    console.log(
      [
        (kind === 'page' ? 'GET /' : 'GET /missing-N').padEnd(15),
        label.padEnd(18),
        String(t.requests).padStart(8),
        String(t.lines).padStart(10),
        (t.bytes / 1e6).toFixed(2).padStart(8),
        (t.bytes / t.requests).toFixed(1).padStart(14),
        (t.requests / (ROUNDS * BLOCK_S)).toFixed(0).padStart(11),
      ].join(' '),
    )
  }
} finally {
  every.stop()
  budget.stop()
}
process.exit(0)
