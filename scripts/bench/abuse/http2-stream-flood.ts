import http2 from 'node:http2'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { attackerAddress } from './attacker-address'

/**
 * Row 1: two HTTP/2 connections to the HTTPS port, each opening 100 streams every 20 ms (POST with
 * `content-length: 100` and no body), at most 1,000 open per connection so the bench stays bounded.
 */
const scenario: AbuseScenario = {
  row: 1,
  name: 'HTTP/2: 2 connections opening 100 bodiless POST streams every 20 ms',
  start(target) {
    // From another address than the fans, who are on loopback (each address has its share of streams).
    const from = attackerAddress()
    let opened = 0
    let refused = 0
    const sessions = Array.from({ length: 2 }, () => {
      const session = http2.connect(`https://127.0.0.1:${target.httpsPort}`, {
        rejectUnauthorized: false,
        localAddress: from,
      } as http2.SecureClientSessionOptions)
      session.on('error', () => {})
      let open = 0
      const timer = setInterval(() => {
        if (session.destroyed) return
        for (let i = 0; i < 100 && open < 1000; i++) {
          try {
            const stream = session.request({
              ':method': 'POST',
              ':path': '/content/v2025-02-19/data/mutate/production',
              'content-type': 'application/json',
              'content-length': '100',
            })
            open++
            opened++
            stream.on('error', () => {})
            stream.on('close', () => open--)
            stream.resume()
          } catch {
            refused++
          }
        }
      }, 20)
      return { session, timer }
    })
    return {
      stop: async () => {
        for (const { session, timer } of sessions) {
          clearInterval(timer)
          session.destroy()
        }
        return `${opened} streams opened, ${refused} refused by the client session`
      },
    }
  },
}
export default scenario
