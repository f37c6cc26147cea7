/**
 * Load an attacker would send, and the latency figures to judge it by: shared by the abuse tests and
 * `npm run bench -- abuse` (ADR 080). Everything is sequential or bounded; nothing here leaves loopback.
 */

/** Anonymous queries that are expensive on any dataset of a few dozen documents or more. */
export const ABUSIVE_QUERIES = [
  // Each nesting level multiplies the work by the number of documents: on the seed's 50, minutes.
  'count(*[count(*[count(*[count(*[count(*) > 0]) > 0]) > 0]) > 0])',
  'count(*[count(*[count(*[count(*[count(*[_id > ^._id]) >= 0]) >= 0]) >= 0]) >= 0])',
  // Memory rather than time: a result of every document inside every document inside every document.
  '*{"x": *{"y": *}}',
]

export type AbuseResult = { status: number; ms: number; type?: string }

/**
 * `clients` loops, each posting abusive queries one after another from its own (forwarded) address, until
 * `stop` is called; `stop` resolves once every loop has its last answer, with every answer's status and time.
 */
export function startAbuse({
  queryUrl,
  clients = 20,
  queries = ABUSIVE_QUERIES,
  queryOf = (client, i) => queries[(client + i) % queries.length]!,
  headersOf = (client) => ({ 'x-forwarded-for': `198.51.100.${client + 1}` }),
  pauseAfter429Ms = 0,
}: {
  queryUrl: string
  clients?: number
  queries?: string[]
  /** The `i`th query of loop `client` (default: `queries` in turn). */
  queryOf?: (client: number, i: number) => string
  /** Who loop `client` is: its forwarded address by default, or a token. */
  headersOf?: (client: number) => Record<string, string>
  /** A pause after each 429, so a refused loop does not spin on the event loop it shares with the server. */
  pauseAfter429Ms?: number
}): { stop: () => Promise<AbuseResult[]> } {
  let running = true
  const results: AbuseResult[] = []
  const loop = async (client: number) => {
    for (let i = 0; running; i++) {
      const started = performance.now()
      try {
        const res = await fetch(queryUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headersOf(client) },
          body: JSON.stringify({ query: queryOf(client, i) }),
        })
        const body = (await res.json().catch(() => ({}))) as { error?: { type?: string } }
        results.push({ status: res.status, ms: performance.now() - started, type: body.error?.type })
        if (res.status === 429 && pauseAfter429Ms) await new Promise((r) => setTimeout(r, pauseAfter429Ms))
      } catch {
        results.push({ status: 0, ms: performance.now() - started })
      }
    }
  }
  const loops = Array.from({ length: clients }, (_, client) => loop(client))
  return {
    stop: async () => {
      running = false
      await Promise.all(loops)
      return results
    },
  }
}

/** Sequential GETs of each URL (one loop per URL, the loops side by side) for `ms`; latencies in milliseconds. */
export async function sampleLatencies(urls: string[], ms: number): Promise<number[][]> {
  const until = performance.now() + ms
  return Promise.all(
    urls.map(async (url) => {
      const samples: number[] = []
      while (performance.now() < until) {
        const started = performance.now()
        const res = await fetch(url)
        await res.arrayBuffer()
        if (!res.ok) throw new Error(`${url} answered ${res.status}`)
        samples.push(performance.now() - started)
      }
      return samples
    }),
  )
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

export type AbuseComparison = {
  url: string
  quiet: number[]
  abused: number[]
}

/**
 * Page latency with and without abuse, in one run: `rounds` alternations of a quiet block and a block under
 * `clients` abusive loops, each `blockMs` long, so load from elsewhere on the machine falls on both sides alike.
 * A quiet block starts only once every abusive query of the block before has its answer.
 */
export async function compareUnderAbuse({
  urls,
  queryUrl,
  rounds = 6,
  blockMs = 2000,
  clients = 20,
  queries,
}: {
  urls: string[]
  queryUrl: string
  rounds?: number
  blockMs?: number
  clients?: number
  queries?: string[]
}): Promise<{ comparisons: AbuseComparison[]; abuse: AbuseResult[] }> {
  const comparisons = urls.map((url) => ({ url, quiet: [] as number[], abused: [] as number[] }))
  const abuse: AbuseResult[] = []
  for (let round = 0; round < rounds; round++) {
    const quiet = await sampleLatencies(urls, blockMs)
    quiet.forEach((samples, i) => comparisons[i]!.quiet.push(...samples))
    const attack = startAbuse({ queryUrl, clients, queries })
    // Let every loop's first query reach the workers before measuring.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const abused = await sampleLatencies(urls, blockMs)
    abused.forEach((samples, i) => comparisons[i]!.abused.push(...samples))
    abuse.push(...(await attack.stop()))
  }
  return { comparisons, abuse }
}
