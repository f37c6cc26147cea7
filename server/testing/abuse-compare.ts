/**
 * `GET /` latency with and without one attack, in one run (ADR 080): alternating quiet and attacked blocks, so
 * load from elsewhere on the machine falls on both sides alike. Failed answers count as samples of the time
 * they took (a page that does not answer is the slowest page of all) and are counted apart.
 */
import { percentile } from './abuse'
import { whenHealthy, type AbuseTarget } from './abuse-server'

/** One attack from the issue 27 table: `start` begins it, the returned `stop` ends it and may summarize it. */
export type AbuseScenario = {
  /** Row of issue 27's table. */
  row: number
  name: string
  /** Runs once before the first block (uploads, say). */
  prepare?: (target: AbuseTarget) => Promise<void>
  start: (target: AbuseTarget) => { stop: () => Promise<string | void> }
}

export type Samples = { ms: number[]; failures: number }

/** Sequential GETs of `url` for `ms`, each given 10 s. */
export async function samplePage(url: string, ms: number): Promise<Samples> {
  const until = performance.now() + ms
  const samples: Samples = { ms: [], failures: 0 }
  while (performance.now() < until) {
    const started = performance.now()
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      if (!res.ok) samples.failures++
    } catch {
      samples.failures++
    }
    samples.ms.push(performance.now() - started)
  }
  return samples
}

export type Comparison = {
  quiet: Samples
  attacked: Samples
  summaries: string[]
  quietP99: number
  attackedP99: number
}

export async function compareUnderAttack(
  target: AbuseTarget,
  scenario: AbuseScenario,
  { rounds, blockMs }: { rounds: number; blockMs: number },
): Promise<Comparison> {
  const url = `${target.url}/`
  const quiet: Samples = { ms: [], failures: 0 }
  const attacked: Samples = { ms: [], failures: 0 }
  const summaries: string[] = []
  await scenario.prepare?.(target)
  for (let round = 0; round < rounds; round++) {
    await whenHealthy(target)
    const calm = await samplePage(url, blockMs)
    quiet.ms.push(...calm.ms)
    quiet.failures += calm.failures
    const attack = scenario.start(target)
    // Let the attack reach the server before measuring.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const under = await samplePage(url, blockMs)
    attacked.ms.push(...under.ms)
    attacked.failures += under.failures
    const summary = await attack.stop()
    if (summary) summaries.push(summary)
  }
  return {
    quiet,
    attacked,
    summaries,
    quietP99: percentile(quiet.ms, 99),
    attackedP99: percentile(attacked.ms, 99),
  }
}
