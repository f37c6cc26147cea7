import { spawnSync } from 'node:child_process'
import autocannon from 'autocannon'

export type Figures = {
  rps: number
  p50: number
  p99: number
  errors: number
  non2xx: number
  requests: number
}

/** As browsers send it, and as Caddy asks upstream when the client does not (it then inflates every answer). */
export const ACCEPT_ENCODING = 'gzip'

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }
const toMs = (value: string) => {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value)
  return match ? Number(match[1]) * UNIT_MS[match[2]!]! : Number.NaN
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined
}

function runWrk(url: string, connections: number, seconds: number): Figures {
  const result = spawnSync(
    'wrk',
    [
      '-t2',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '--latency',
      '-H',
      `Accept-Encoding: ${ACCEPT_ENCODING}`,
      url,
    ],
    { encoding: 'utf8' },
  )
  const out = result.stdout
  const latency = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '')
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p50: latency('50'),
    p99: latency('99'),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? 0),
  }
}

async function runAutocannon(url: string, connections: number, seconds: number): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
  })
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  }
}

/** `GET url` with `Accept-Encoding: gzip` from `connections` connections for `seconds`: wrk, else autocannon. */
export const runLoad: (url: string, connections: number, seconds: number) => Figures | Promise<Figures> =
  hasWrk() ? runWrk : runAutocannon
