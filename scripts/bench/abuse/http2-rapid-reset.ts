import http2 from 'node:http2'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { attackerAddress } from './attacker-address'

/**
 * Issue 36: one HTTP/2 connection to the HTTPS port opening 64 `GET /` streams every 10 ms and resetting them
 * (RST_STREAM CANCEL): half at once (rapid reset), half once the request is in flight. A connection the server
 * ends is opened again. Bounded by the block.
 */
const scenario: AbuseScenario = {
  row: '36-h1',
  name: 'HTTP/2: 64 GET / streams every 10 ms, each reset (rapid reset and in flight)',
  start(target) {
    // From another address than the fans, who are on loopback.
    const from = attackerAddress()
    let opened = 0
    let connections = 0
    let session: http2.ClientHttp2Session | undefined
    const connect = () => {
      connections++
      session = http2.connect(`https://127.0.0.1:${target.httpsPort}`, {
        rejectUnauthorized: false,
        localAddress: from,
      } as http2.SecureClientSessionOptions)
      session.on('error', () => {})
    }
    const timer = setInterval(() => {
      if (!session || session.destroyed || session.closed) connect()
      const streams: http2.ClientHttp2Stream[] = []
      for (let i = 0; i < 64; i++) {
        try {
          const stream = session!.request({ ':path': '/' })
          stream.on('error', () => {})
          opened++
          if (i % 2 === 0) stream.close(http2.constants.NGHTTP2_CANCEL)
          else streams.push(stream)
        } catch {
          break
        }
      }
      setTimeout(() => {
        for (const stream of streams) stream.close(http2.constants.NGHTTP2_CANCEL)
      }, 5)
    }, 10)
    return {
      stop: async () => {
        clearInterval(timer)
        session?.destroy()
        return `${opened} streams opened and reset over ${connections} connection(s)`
      },
    }
  },
}
export default scenario
