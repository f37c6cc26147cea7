/**
 * `GET /` latency with and without one attack, in one run (ADR 080): alternating quiet and attacked blocks, so
 * load from elsewhere on the machine falls on both sides alike. Failed answers count as samples of the time
 * they took (a page that does not answer is the slowest page of all) and are counted apart.
 */
import { percentile } from './abuse'
import { whenHealthy, type AbuseTarget } from './abuse-server'
import { httpsSampler, type HttpsGet } from './https-sampler'

/** One attack from the issue 27 table. */
export type AbuseScenario = {
  /** Row of issue 27's table, or the issue and finding (`36-h1`). */
  row: number | string
  name: string
  /** Runs once before the first block (uploads, say). */
  prepare?: (target: AbuseTarget) => Promise<void>
  /**
   * `start` begins it, the returned `stop` ends it and may summarize it; `ready`, when given, settles once the
   * attacker holds what it came to hold (its connections, say), and the attacked block is measured from then.
   */
  start: (target: AbuseTarget) => { stop: () => Promise<string | void>; ready?: Promise<unknown> }
}

export type Samples = { ms: number[]; failures: number }

/** One GET of `url`, given 10 s, into `samples`. */
async function sampleOnce(url: string, samples: Samples): Promise<void> {
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

/** Sequential GETs of `url` for `ms`, each given 10 s. */
export async function samplePage(url: string, ms: number): Promise<Samples> {
  const until = performance.now() + ms
  const samples: Samples = { ms: [], failures: 0 }
  while (performance.now() < until) await sampleOnce(url, samples)
  return samples
}

/** Sequential GETs of `/` for `ms`, the plain port's and the HTTPS port's in turn, each given 10 s. */
export async function sampleBothPorts(
  target: AbuseTarget,
  ms: number,
): Promise<{ plain: Samples; https: Samples }> {
  const until = performance.now() + ms
  const plain: Samples = { ms: [], failures: 0 }
  const https: Samples = { ms: [], failures: 0 }
  const sampler = httpsSampler(`https://127.0.0.1:${target.httpsPort}`)
  try {
    while (performance.now() < until) {
      await sampleOnce(`${target.url}/`, plain)
      const secure = await sampler.get('/')
      https.ms.push(secure.ms)
      if (!secure.ok) https.failures++
    }
  } finally {
    sampler.close()
  }
  return { plain, https }
}

export type Comparison = {
  quiet: Samples
  attacked: Samples
  summaries: string[]
  quietP99: number
  attackedP99: number
  /** With `bothPorts`: the HTTPS port's samples, and a GET /healthz on a new HTTPS connection after each block. */
  https?: {
    quiet: Samples
    attacked: Samples
    quietP99: number
    attackedP99: number
    afterAttack: HttpsGet[]
  }
}

const add = (into: Samples, from: Samples) => {
  into.ms.push(...from.ms)
  into.failures += from.failures
}

export async function compareUnderAttack(
  target: AbuseTarget,
  scenario: AbuseScenario,
  { rounds, blockMs, bothPorts = false }: { rounds: number; blockMs: number; bothPorts?: boolean },
): Promise<Comparison> {
  const url = `${target.url}/`
  const quiet: Samples = { ms: [], failures: 0 }
  const attacked: Samples = { ms: [], failures: 0 }
  const https = { quiet: { ms: [], failures: 0 } as Samples, attacked: { ms: [], failures: 0 } as Samples }
  const afterAttack: HttpsGet[] = []
  const summaries: string[] = []
  const sample = async (into: Samples, httpsInto: Samples) => {
    if (!bothPorts) return add(into, await samplePage(url, blockMs))
    const both = await sampleBothPorts(target, blockMs)
    add(into, both.plain)
    add(httpsInto, both.https)
  }
  await scenario.prepare?.(target)
  for (let round = 0; round < rounds; round++) {
    await whenHealthy(target)
    await sample(quiet, https.quiet)
    const attack = scenario.start(target)
    await attack.ready
    // Let the attack reach the server before measuring.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await sample(attacked, https.attacked)
    const summary = await attack.stop()
    if (summary) summaries.push(summary)
    // The attacker has gone: a new HTTPS connection is answered at once, or the front is still held.
    if (bothPorts) {
      const sampler = httpsSampler(`https://127.0.0.1:${target.httpsPort}`)
      afterAttack.push(await sampler.get('/healthz', 5000))
      sampler.close()
    }
  }
  return {
    quiet,
    attacked,
    summaries,
    quietP99: percentile(quiet.ms, 99),
    attackedP99: percentile(attacked.ms, 99),
    https: bothPorts
      ? {
          ...https,
          quietP99: percentile(https.quiet.ms, 99),
          attackedP99: percentile(https.attacked.ms, 99),
          afterAttack,
        }
      : undefined,
  }
}
