/** Shared by the query scenarios: abusive loops at the time limit, and a bystander's cheap queries timed. */
import { startAbuse, type AbuseResult } from '../../../server/testing/abuse'
import type { AbuseTarget } from '../../../server/testing/abuse-server'

/** Nested scans of the seed: minutes of work, stopped at the time limit. Distinct per request. */
export const slowQuery = (client: number, i: number) =>
  `count(*[count(*[count(*[count(*[count(*) > ${-client}]) > 0]) > 0]) > ${-i}])`

/** Someone timed during the flood; a busy one has used workers lately (a venue's shared address, say). */
export type Bystander = { headers: Record<string, string>; who: string; busy?: boolean }

const post = (queryUrl: string, headers: Record<string, string>, query: string) =>
  fetch(queryUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query }),
    signal: AbortSignal.timeout(20_000),
  }).then(
    async (res) => (await res.arrayBuffer(), res.status),
    () => 0,
  )

/** A bystander's distinct cheap queries, one every 200 ms after `delayMs` until stopped; their times. */
function bystander(queryUrl: string, { headers, busy }: Bystander, delayMs: number) {
  let running = true
  const times: number[] = []
  const failures: number[] = []
  const loop = (async () => {
    // A busy bystander runs two queries to the time limit first: it is no longer light, as a fan address
    // that has sent many queries lately is not, and gets no reserved worker.
    const warmUp = busy ? [0, 1].map((i) => post(queryUrl, headers, slowQuery(1000, i))) : []
    // From the abusers' second time limit on: their first round finds everyone equally new.
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await Promise.all(warmUp)
    for (let i = 0; running; i++) {
      const started = performance.now()
      const status = await post(
        queryUrl,
        headers,
        `count(*[_type == "show" && string(_id) > "${Math.random()}"])`,
      )
      if (status === 200) times.push(performance.now() - started)
      else failures.push(status)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      return { times, failures }
    },
  }
}

const outcomes = (results: AbuseResult[]) => {
  const counts = new Map<string, number>()
  for (const r of results) counts.set(String(r.status), (counts.get(String(r.status)) ?? 0) + 1)
  return [...counts].map(([status, n]) => `${n} x ${status}`).join(', ')
}

/** `clients` abusive loops (`headersOf` says who each is) and bystanders; the summary line. */
export function queryFlood(
  target: AbuseTarget,
  {
    clients,
    headersOf,
    bystanders,
  }: {
    clients: number
    headersOf?: (client: number) => Record<string, string>
    bystanders: Bystander[]
  },
) {
  const queryUrl = `${target.dataUrl}/query/production`
  const flood = startAbuse({ queryUrl, clients, queryOf: slowQuery, headersOf, pauseAfter429Ms: 100 })
  const cheap = bystanders.map((one) => bystander(queryUrl, one, target.queryTimeoutMs * 1.2))
  return {
    stop: async () => {
      const [results, ...answered] = await Promise.all([flood.stop(), ...cheap.map((one) => one.stop())])
      const lines = answered.map(({ times, failures }, i) => {
        const slowest = Math.round(Math.max(0, ...times))
        return (
          `${bystanders[i]!.who}'s cheap queries: ${times.length} answered, slowest ${slowest} ms` +
          (failures.length ? `, ${failures.length} failed (${failures.join(', ')})` : '')
        )
      })
      return `abusive answers: ${outcomes(results)}; ${lines.join('; ')}`
    },
  }
}
