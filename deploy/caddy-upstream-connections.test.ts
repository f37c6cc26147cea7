import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startCaddyFront, type CaddyFront } from '../scripts/bench/ssr/caddy-front'

// deploy/Caddyfile, run by a real Caddy on loopback, in front of a plain node:http server that counts the
// connections Caddy opens to it. Caddy keeps 32 idle connections to an upstream unless told otherwise; past 32
// requests at once, every further request opened a new connection and closed it after one answer, and that
// churn was what put the p99 at 200 connections behind Caddy far over the bare server's (ADR 110).
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const AT_ONCE = 200
const WAVES = 3

let upstream: http.Server
let caddy: CaddyFront
let connections = 0

beforeAll(async () => {
  upstream = http.createServer((_req, res) => {
    // Held long enough that every request of a wave is in flight at once.
    setTimeout(() => res.end('ok'), 100)
  })
  upstream.on('connection', () => connections++)
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  caddy = await startCaddyFront(repo, (upstream.address() as AddressInfo).port)
}, 30_000)

afterAll(async () => {
  await caddy?.close()
  upstream?.closeAllConnections()
  await new Promise((resolve) => upstream?.close(resolve))
})

describe("Caddy's connections to the app", () => {
  it(`are kept for the next request: ${WAVES} waves of ${AT_ONCE} requests at once open about ${AT_ONCE}`, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE })
    const get = () =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${caddy.url}/`, { agent }, (res) => {
            res.resume()
            res.on('end', () => resolve(res.statusCode ?? 0))
          })
          .on('error', reject)
      })
    connections = 0
    for (let wave = 0; wave < WAVES; wave++) {
      const statuses = await Promise.all(Array.from({ length: AT_ONCE }, get))
      expect(statuses.every((status) => status === 200)).toBe(true)
    }
    agent.destroy()
    // With Caddy's default idle pool: 200 + 2 x 168 = 536 connections for the same 600 requests.
    expect(connections, `connections Caddy opened for ${WAVES * AT_ONCE} requests`).toBeLessThanOrEqual(
      AT_ONCE + 20,
    )
  }, 30_000)
})
