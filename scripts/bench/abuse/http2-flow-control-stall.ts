import http2 from 'node:http2'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { attackerAddress } from './attacker-address'

const CONNECTIONS = 20
const STREAMS = 100

/**
 * Issue 36: 20 HTTP/2 connections to the HTTPS port that announce a flow-control window of 0
 * (SETTINGS_INITIAL_WINDOW_SIZE) and keep 100 GET streams each open for the largest built asset, reading nothing;
 * a stream the server resets is opened again, one refused with an answer (503) is not. Bounded by the block.
 */
const scenario: AbuseScenario = {
  row: '36-h2',
  name: `HTTP/2: ${CONNECTIONS} connections, window 0, ${STREAMS} GET streams each for a large asset`,
  start(target) {
    // From another address than the fans, who are on loopback.
    const from = attackerAddress()
    const statuses = new Map<string, number>()
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1)
    let stopping = false
    const sessions = Array.from({ length: CONNECTIONS }, () => {
      const session = http2.connect(`https://127.0.0.1:${target.httpsPort}`, {
        rejectUnauthorized: false,
        settings: { initialWindowSize: 0 },
        localAddress: from,
      } as http2.SecureClientSessionOptions)
      session.on('error', () => {})
      const open = () => {
        if (stopping || session.destroyed || session.closed) return
        try {
          const stream = session.request({ ':path': target.largestAsset })
          let status = 0
          stream.on('response', (headers) => count(String((status = Number(headers[':status'])))))
          stream.on('error', () => {})
          // A stream the server reset (or refused) is opened again; one it refused with an answer is not.
          stream.on('close', () => {
            if (stream.rstCode) count(`reset ${stream.rstCode}`)
            if (status < 500) setTimeout(open, 50)
          })
        } catch {
          count('refused by the client session')
        }
      }
      for (let i = 0; i < STREAMS; i++) open()
      return session
    })
    return {
      stop: async () => {
        stopping = true
        for (const session of sessions) session.destroy()
        const seen = [...statuses].map(([key, n]) => `${key}: ${n}`).join(', ')
        return `streams ${seen || 'none answered'}`
      },
    }
  },
}
export default scenario
