import { getOk } from './http'

/** Milliseconds between the starts of two probe requests: the same pace whether the server is quiet or busy. */
export const PROBE_INTERVAL_MS = 5
/** How long the quiet probe runs: long enough for a p99 of a few hundred answers. */
export const QUIET_MS = 1500

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `GET url` one at a time at a steady pace, a request every `PROBE_INTERVAL_MS` (or as soon as the previous
 * answer arrives, when it took longer), while `going()` holds: the time of each answer. The same pace when the
 * server is quiet and during other work, so the two sets of times compare like for like.
 */
export async function pacedGets(
  url: string,
  going: () => boolean,
  options?: Parameters<typeof getOk>[1],
): Promise<number[]> {
  const times: number[] = []
  let next = performance.now()
  do {
    const wait = next - performance.now()
    if (wait > 0) await sleep(wait)
    next = performance.now() + PROBE_INTERVAL_MS
    times.push((await getOk(url, options)).ms)
  } while (going())
  return times
}

/** `pacedGets` for `QUIET_MS`. */
export function quietGets(url: string, options?: Parameters<typeof getOk>[1]) {
  const until = performance.now() + QUIET_MS
  return pacedGets(url, () => performance.now() < until, options)
}

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!
