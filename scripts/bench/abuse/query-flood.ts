/** Shared by the query scenarios: abusive loops at the time limit, and a bystander's cheap queries timed. */
import { startAbuse, type AbuseResult } from '../../../server/testing/abuse'
import type { AbuseTarget } from '../../../server/testing/abuse-server'

/** Nested scans of the seed: minutes of work, stopped at the time limit. Distinct per request. */
export const slowQuery = (client: number, i: number) =>
  `count(*[count(*[count(*[count(*[count(*) > ${-client}]) > 0]) > 0]) > ${-i}])`

/** A bystander's distinct cheap queries, one every 200 ms after `delayMs` until stopped; their times. */
function bystander(queryUrl: string, headers: Record<string, string>, delayMs: number) {
  let running = true
  const times: number[] = []
  const failures: number[] = []
  const loop = (async () => {
    // From the abusers' second time limit on: their first round finds everyone equally new.
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    for (let i = 0; running; i++) {
      const started = performance.now()
      const status = await fetch(queryUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: `count(*[_type == "show" && string(_id) > "${Math.random()}"])` }),
        signal: AbortSignal.timeout(20_000),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
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

/** `clients` abusive loops (`headersOf` says who each is) and one bystander; the summary line. */
export function queryFlood(
  target: AbuseTarget,
  {
    clients,
    headersOf,
    bystanderHeaders,
    who,
  }: {
    clients: number
    headersOf?: (client: number) => Record<string, string>
    bystanderHeaders: Record<string, string>
    who: string
  },
) {
  const queryUrl = `${target.dataUrl}/query/production`
  const flood = startAbuse({ queryUrl, clients, queryOf: slowQuery, headersOf, pauseAfter429Ms: 100 })
  const cheap = bystander(queryUrl, bystanderHeaders, target.queryTimeoutMs * 1.2)
  return {
    stop: async () => {
      const [results, { times, failures }] = await Promise.all([flood.stop(), cheap.stop()])
      const slowest = Math.round(Math.max(0, ...times))
      return (
        `abusive answers: ${outcomes(results)}; ${who}'s cheap queries: ${times.length} answered, slowest ` +
        `${slowest} ms${failures.length ? `, ${failures.length} failed (${failures.join(', ')})` : ''}`
      )
    },
  }
}
