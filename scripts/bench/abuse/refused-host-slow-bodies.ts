import type net from 'node:net'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { closeAll, halfRequest } from './raw-socket'

/** Row 10: POSTs with a refused Host and `Content-Length: 100` whose body never comes, 300 per block. */
const scenario: AbuseScenario = {
  row: 10,
  name: 'Refused Host, POST bodies never sent (300 connections)',
  start(target) {
    const sockets: net.Socket[] = []
    const head = [
      'POST /content/v2025-02-19/data/mutate/production HTTP/1.1',
      'Host: attacker.example',
      'Content-Type: application/json',
      'Content-Length: 100',
      '',
      '',
    ].join('\r\n')
    const timer = setInterval(() => {
      for (let i = 0; i < 20 && sockets.length < 300; i++) sockets.push(halfRequest(target.port, head))
    }, 20)
    return {
      stop: async () => {
        clearInterval(timer)
        const open = closeAll(sockets)
        return `${open} of ${sockets.length} connections still open at the end of the block`
      },
    }
  },
}
export default scenario
