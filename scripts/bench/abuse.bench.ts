/**
 * `npm run bench -- abuse`: the production server in its own process, and `GET /` p99 under each attack of
 * issue 27's table beside the quiet p99 measured in the same run (quiet and attacked blocks alternate, so load
 * from elsewhere on the machine falls on both alike), with the ratio (target: at most 2x) and how many times
 * the server process exited (target: 0; it is started again). Each attack is a module in ./abuse/; all stay on
 * loopback and end with their block. Needs `npm run build`. ABUSE_SCENARIOS=<words> runs only the attacks
 * whose file name contains one of them; BENCH_ROUNDS and BENCH_BLOCK_MS change the blocks.
 */
import { compareUnderAttack, type AbuseScenario } from '../../server/testing/abuse-compare'
import { startAbuseServer, type AbuseServer } from '../../server/testing/abuse-server'
import { httpsSampler } from '../../server/testing/https-sampler'
import http2StreamFlood from './abuse/http2-stream-flood'
import studioSocketPings from './abuse/studio-socket-pings'
import studioSocketUpgrades from './abuse/studio-socket-upgrades'
import studioSocketFrames from './abuse/studio-socket-frames'
import queryTimeLimit from './abuse/query-time-limit'
import query70Clients from './abuse/query-70-clients'
import viewerTokenFlood from './abuse/viewer-token-flood'
import random404Paths from './abuse/random-404-paths'
import refusedHostSlowBodies from './abuse/refused-host-slow-bodies'
import imageVariantFlood from './abuse/image-variant-flood'
import http2RapidReset from './abuse/http2-rapid-reset'
import http2FlowControlStall from './abuse/http2-flow-control-stall'
import idleConnections from './abuse/idle-connections'
import draftRenders from './abuse/draft-renders'

const SCENARIOS: [string, AbuseScenario][] = [
  ['http2-stream-flood', http2StreamFlood],
  ['studio-socket-pings', studioSocketPings],
  ['studio-socket-upgrades', studioSocketUpgrades],
  ['studio-socket-frames', studioSocketFrames],
  ['query-time-limit', queryTimeLimit],
  ['query-70-clients', query70Clients],
  ['viewer-token-flood', viewerTokenFlood],
  ['random-404-paths', random404Paths],
  ['refused-host-slow-bodies', refusedHostSlowBodies],
  ['image-variant-flood', imageVariantFlood],
  ['http2-rapid-reset', http2RapidReset],
  ['http2-flow-control-stall', http2FlowControlStall],
  ['idle-connections', idleConnections],
  ['draft-renders', draftRenders],
]

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 1500)
const PORT = Number(process.env.ABUSE_BENCH_PORT ?? 4580)
const only = process.env.ABUSE_SCENARIOS?.split(/[\s,]+/).filter(Boolean)
const chosen = SCENARIOS.filter(([file]) => !only?.length || only.some((word) => file.includes(word)))

// An attack's own sockets may fail in ways the bench does not care about; it must keep measuring.
process.on('uncaughtException', (error) => console.log(`  (bench: ${error.message})`))

const BASELINE_ROOT = process.env.ABUSE_BASELINE_ROOT
/** Time for the server to settle after an attack before its memory is read again. */
const SETTLE_MS = 5000

type Run = { label: string; server: AbuseServer }

async function startRun(label: string, port: number, root?: string): Promise<Run> {
  const server = await startAbuseServer({ port, queryTimeoutMs: 1000, root })
  // The page cache holds / and both ports have served before anything is measured.
  for (let i = 0; i < 20; i++) await (await fetch(`${server.target.url}/`)).arrayBuffer()
  const sampler = httpsSampler(`https://127.0.0.1:${server.target.httpsPort}`)
  for (let i = 0; i < 20; i++) await sampler.get('/')
  sampler.close()
  return { label, server }
}

const p99Cells = (quiet: number, attacked: number) => [
  `${quiet.toFixed(0)}`.padStart(6),
  `${attacked.toFixed(0)}`.padStart(7),
  `${(attacked / quiet).toFixed(1)}x`.padStart(6),
]

async function measure({ label, server }: Run, scenario: AbuseScenario): Promise<string> {
  const exitsBefore = server.exits()
  const started = performance.now()
  // Prepared first, so the memory before counts what the preparation loads (a draft session's renderer).
  await scenario.prepare?.(server.target)
  const rssBefore = server.rssMb()
  const heldBefore = await server.heldMemory()
  const result = await compareUnderAttack(
    server.target,
    { ...scenario, prepare: undefined },
    {
      rounds: ROUNDS,
      blockMs: BLOCK_MS,
      bothPorts: true,
    },
  )
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
  const rssAfter = server.rssMb()
  const heldAfter = await server.heldMemory()
  const held = (memory: typeof heldBefore) => memory.heapUsedMb + memory.externalMb
  const https = result.https!
  const after = https.afterAttack
  const row = [
    String(scenario.row).padEnd(6),
    label.padEnd(8),
    scenario.name.slice(0, 60).padEnd(60),
    ...p99Cells(result.quietP99, result.attackedP99),
    ...p99Cells(https.quietP99, https.attackedP99),
    `${result.attacked.failures}/${result.attacked.ms.length}`.padStart(7),
    `${https.attacked.failures}/${https.attacked.ms.length}`.padStart(7),
    `${after.filter((get) => get.ok).length}/${after.length}`.padStart(5),
    String(server.exits() - exitsBefore).padStart(5),
    `${rssBefore.toFixed(0)}>${rssAfter.toFixed(0)}`.padStart(9),
    `${(((rssAfter - rssBefore) / rssBefore) * 100).toFixed(0)}%`.padStart(5),
    `${held(heldBefore).toFixed(0)}>${held(heldAfter).toFixed(0)}`.padStart(9),
    `${(((held(heldAfter) - held(heldBefore)) / held(heldBefore)) * 100).toFixed(0)}%`.padStart(5),
  ].join(' ')
  console.log(row)
  for (const summary of result.summaries) console.log(`       ${summary}`)
  const afterMs = after.map((get) => (get.ok ? `${get.ms.toFixed(0)} ms` : 'no answer')).join(', ')
  console.log(`       HTTPS /healthz right after the attacker left: ${afterMs}`)
  console.log(`       (${((performance.now() - started) / 1000).toFixed(0)} s)`)
  return row
}

const runs: Run[] = []
if (BASELINE_ROOT) runs.push(await startRun('baseline', PORT + 2, BASELINE_ROOT))
runs.push(await startRun('this', PORT))
const rows: string[] = []
try {
  console.log(
    `fans' GET / p99 (ms) under each attack, plain port and HTTPS port, quiet and attacked blocks alternating (${ROUNDS} x ${BLOCK_MS} ms each)`,
  )
  const header =
    'row    server   attack                                                        plain quiet attack  ratio  https quiet attack  ratio  failed  https  after exits  RSS MB  RSS+  held MB held+'
  console.log(header)
  for (const [, scenario] of chosen) {
    for (const run of runs) rows.push(await measure(run, scenario))
  }
  console.log(
    '\nsummary (target: ratios at most 2x, 0 exits, HTTPS answering after each attack, memory back within 10%; held: heap and external after a full GC, read through the inspector)',
  )
  console.log(header)
  for (const row of rows) console.log(row)
  for (const { label, server } of runs) console.log(`process exits in total (${label}): ${server.exits()}`)
} finally {
  for (const { server } of runs) await server.close()
}
process.exit(0)
