import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { rapidResetClient, type RapidResetClient } from '../../../server/testing/rapid-reset-client'
import { attackerAddress } from './attacker-address'

/**
 * Issue 36: rapid reset (CVE-2023-44487) on the HTTPS port: one connection at a time, written frame by frame, sends
 * 64 `GET /` HEADERS frames every 10 ms, each followed at once by RST_STREAM(CANCEL); a connection the server ends
 * is opened again. Bounded by the block.
 */
const scenario: AbuseScenario = {
  row: '36-h1',
  name: 'HTTP/2 rapid reset: 64 GET / streams every 10 ms, each reset at once',
  start(target) {
    // From another address than the fans, who are on loopback.
    const from = attackerAddress()
    let client: RapidResetClient | undefined
    let connecting = false
    let connections = 0
    let sent = 0
    const goaways = new Map<number, number>()
    const retire = (old: RapidResetClient) => {
      sent += old.sent()
      const code = old.goaway()
      if (code !== undefined) goaways.set(code, (goaways.get(code) ?? 0) + 1)
      old.close()
    }
    const timer = setInterval(() => {
      if (client && !client.closed()) return client.burst(64)
      if (connecting) return
      if (client) retire(client)
      client = undefined
      connecting = true
      connections++
      rapidResetClient({ port: target.httpsPort, localAddress: from }).then(
        (fresh) => ((client = fresh), (connecting = false)),
        () => (connecting = false),
      )
    }, 10)
    return {
      stop: async () => {
        clearInterval(timer)
        if (client) retire(client)
        const ended = [...goaways].map(([code, n]) => `GOAWAY ${code}: ${n}`).join(', ')
        return `${sent} streams sent and reset over ${connections} connection(s)${ended ? `; ${ended}` : ''}`
      },
    }
  },
}
export default scenario
