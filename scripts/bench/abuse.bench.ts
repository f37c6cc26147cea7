/**
 * `npm run bench -- abuse`: the production server in its own process, and `GET /` p99 under each attack of
 * issue 27's table beside the quiet p99 measured in the same run (quiet and attacked blocks alternate, so load
 * from elsewhere on the machine falls on both alike), with the ratio (target: at most 2x) and how many times
 * the server process exited (target: 0; it is started again). Each attack is a module in ./abuse/; all stay on
 * loopback and end with their block. Needs `npm run build`. ABUSE_SCENARIOS=<words> runs only the attacks
 * whose file name contains one of them; BENCH_ROUNDS and BENCH_BLOCK_MS change the blocks. ABUSE_BEFORE_ROOT=<dir>
 * also starts that checkout's built server (the code before a change) and runs each attack against both, the
 * other checkout's first, so before and after come from the same run. The server's resident memory before and
 * after each attack is printed under its row.
 */
import { compareUnderAttack, type AbuseScenario } from '../../server/testing/abuse-compare'
import { startAbuseServer } from '../../server/testing/abuse-server'
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
  ['draft-renders', draftRenders],
]

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const BLOCK_MS = Number(process.env.BENCH_BLOCK_MS ?? 1500)
const PORT = Number(process.env.ABUSE_BENCH_PORT ?? 4580)
const only = process.env.ABUSE_SCENARIOS?.split(/[\s,]+/).filter(Boolean)
const chosen = SCENARIOS.filter(([file]) => !only?.length || only.some((word) => file.includes(word)))

// An attack's own sockets may fail in ways the bench does not care about; it must keep measuring.
process.on('uncaughtException', (error) => console.log(`  (bench: ${error.message})`))

const beforeRoot = process.env.ABUSE_BEFORE_ROOT
const server = await startAbuseServer({ port: PORT, queryTimeoutMs: 1000 })
const before = beforeRoot
  ? await startAbuseServer({ port: PORT + 2, queryTimeoutMs: 1000, serverRoot: beforeRoot })
  : undefined
const servers = [...(before ? [{ label: 'before: ', server: before }] : []), { label: '', server }]
for (const { server: each } of servers) {
  // The page cache holds / before anything is measured.
  for (let i = 0; i < 20; i++) await (await fetch(`${each.target.url}/`)).arrayBuffer()
}
const rows: string[] = []
try {
  console.log(
    `GET / p99 under each attack of issue 27, quiet and attacked blocks alternating (${ROUNDS} x ${BLOCK_MS} ms each)`,
  )
  const header =
    'row  attack                                                               quiet p99  attack p99  ratio  failed  exits'
  console.log(header)
  for (const [, scenario] of chosen) {
    for (const { label, server: each } of servers) {
      const exitsBefore = each.exits()
      const started = performance.now()
      // Prepared first, so the memory before counts what the preparation loads (a draft session's renderer).
      await scenario.prepare?.(each.target)
      const rssBefore = each.rssMb()
      const result = await compareUnderAttack(
        each.target,
        { ...scenario, prepare: undefined },
        { rounds: ROUNDS, blockMs: BLOCK_MS },
      )
      const ratio = result.attackedP99 / result.quietP99
      const row = [
        String(scenario.row).padEnd(4),
        `${label}${scenario.name}`.slice(0, 68).padEnd(68),
        `${result.quietP99.toFixed(0)} ms`.padStart(10),
        `${result.attackedP99.toFixed(0)} ms`.padStart(11),
        `${ratio.toFixed(1)}x`.padStart(6),
        `${result.attacked.failures}/${result.attacked.ms.length}`.padStart(7),
        String(each.exits() - exitsBefore).padStart(6),
      ].join(' ')
      rows.push(row)
      console.log(row)
      for (const summary of result.summaries) console.log(`       ${summary}`)
      // Settled: what the attack left behind, not what it had in flight.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const rssAfter = each.rssMb()
      console.log(
        `       server memory: ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after (${(((rssAfter - rssBefore) / rssBefore) * 100).toFixed(0)}%)`,
      )
      console.log(`       (${((performance.now() - started) / 1000).toFixed(0)} s)`)
    }
  }
  console.log('\nsummary (target: ratio at most 2x, 0 exits)')
  console.log(header)
  for (const row of rows) console.log(row)
  console.log(`process exits in total: ${servers.map(({ server: each }) => each.exits()).join(' + ')}`)
} finally {
  await server.close()
  await before?.close()
}
process.exit(0)
