import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { drained, maskedFrame, openStudioSocket } from './raw-socket'
import type net from 'node:net'

/** Row 2: one anonymous Studio socket sending masked 16 KB pings and never reading the pongs. */
const scenario: AbuseScenario = {
  row: 2,
  name: 'Studio socket: 16 KB pings, pongs never read',
  start(target) {
    let running = true
    let sent = 0
    let open: net.Socket | null = null
    const ping = maskedFrame(0x9, Buffer.alloc(16 * 1024, 0x61))
    const attack = (async () => {
      const socket = await openStudioSocket(target.port)
      if (!socket) return 'upgrade refused'
      open = socket
      socket.pause()
      while (running && !socket.destroyed) {
        if (!socket.write(ping)) await drained(socket)
        sent++
      }
      const closedByServer = running
      socket.destroy()
      return closedByServer ? 'closed by the server' : 'still open at the end of the block'
    })()
    return {
      stop: async () => {
        running = false
        // A write the server never drains would wait for ever: the block is over.
        open?.destroy()
        const outcome = await attack
        return `${sent} pings sent; ${outcome}`
      },
    }
  },
}
export default scenario
