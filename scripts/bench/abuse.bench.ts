/**
 * Page serving while anonymous clients abuse the query API (ADR 080): p50 and p99 of `/` and `/healthz`
 * without and with 20 clients sending expensive GROQ, measured side by side in alternating blocks of one run,
 * with the ratio; and how the abusive queries were answered (status, slowest answer against the time limit).
 */
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createProdRenderer } from '../../server/ssr/renderer'
import { ABUSIVE_QUERIES, compareUnderAbuse, percentile } from '../../server/testing/abuse'
import { startAbuseSite } from '../../server/testing/abuse-site'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const TIMEOUT_MS = 2000
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6)

const renderer = await createProdRenderer(root)
const site = await startAbuseSite({ renderer, queryLimits: { timeoutMs: TIMEOUT_MS } })
try {
  const { comparisons, abuse } = await compareUnderAbuse({
    urls: [`${site.url}/`, `${site.url}/healthz`],
    queryUrl: site.queryUrl,
    rounds: ROUNDS,
    blockMs: 2000,
    clients: 20,
    queries: ABUSIVE_QUERIES,
  })
  console.log(
    `page serving, quiet vs 20 abusive anonymous query clients (${ROUNDS} alternating 2 s blocks each)`,
  )
  console.log('path       quiet p50  quiet p99  abused p50  abused p99  p99 ratio  samples')
  for (const { url, quiet, abused } of comparisons) {
    const q99 = percentile(quiet, 99)
    const a99 = percentile(abused, 99)
    console.log(
      [
        new URL(url).pathname.padEnd(9),
        `${percentile(quiet, 50).toFixed(1)} ms`.padStart(10),
        `${q99.toFixed(1)} ms`.padStart(10),
        `${percentile(abused, 50).toFixed(1)} ms`.padStart(11),
        `${a99.toFixed(1)} ms`.padStart(11),
        `${(a99 / q99).toFixed(2)}x`.padStart(10),
        `${quiet.length}/${abused.length}`.padStart(8),
      ].join(' '),
    )
  }
  const byOutcome = new Map<string, number>()
  for (const a of abuse) {
    const key = `${a.status} ${a.type ?? ''}`.trim()
    byOutcome.set(key, (byOutcome.get(key) ?? 0) + 1)
  }
  console.log(
    `abusive queries: ${abuse.length} answered (${[...byOutcome].map(([k, n]) => `${n} x ${k}`).join(', ')});`,
    `slowest answer ${Math.round(Math.max(...abuse.map((a) => a.ms)))} ms with a ${TIMEOUT_MS} ms limit`,
  )
} finally {
  await site.close()
}
process.exit(0)
