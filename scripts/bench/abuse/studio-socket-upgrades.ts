import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { closeAll, halfRequest, upgradeHead } from './raw-socket'
import type net from 'node:net'

/** Row 3: anonymous Studio socket upgrades from one address, as fast as they go, sending nothing after. */
const scenario: AbuseScenario = {
  row: 3,
  name: 'Studio socket: 1,000 idle anonymous upgrades from one address',
  start(target) {
    const sockets: net.Socket[] = []
    const timer = setInterval(() => {
      for (let i = 0; i < 20 && sockets.length < 1000; i++)
        sockets.push(halfRequest(target.port, upgradeHead(target.port)))
    }, 10)
    return {
      stop: async () => {
        clearInterval(timer)
        const open = closeAll(sockets)
        return `${open} of ${sockets.length} upgrade sockets still open at the end of the block`
      },
    }
  },
}
export default scenario
