import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { maskedFrame, openStudioSocket } from './raw-socket'

/** Row 2: one anonymous Studio socket sending masked 16 KB pings and never reading the pongs. */
const scenario: AbuseScenario = {
  row: 2,
  name: 'Studio socket: 16 KB pings, pongs never read',
  start(target) {
    let running = true
    let sent = 0
    const ping = maskedFrame(0x9, Buffer.alloc(16 * 1024, 0x61))
    const attack = (async () => {
      const socket = await openStudioSocket(target.port)
      if (!socket) return 'upgrade refused'
      socket.pause()
      while (running && !socket.destroyed) {
        if (!socket.write(ping))
          await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve))
        sent++
      }
      const closedByServer = socket.destroyed
      socket.destroy()
      return closedByServer ? 'closed by the server' : 'still open at the end of the block'
    })()
    return {
      stop: async () => {
        running = false
        const outcome = await attack
        return `${sent} pings sent; ${outcome}`
      },
    }
  },
}
export default scenario
