import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { drained, maskedFrame, openStudioSocket } from './raw-socket'
import type net from 'node:net'

/** Row 4: eight anonymous Studio sockets sending 16 KB text frames as fast as the server takes them. */
const scenario: AbuseScenario = {
  row: 4,
  name: 'Studio socket: 8 sockets sending 16 KB text frames',
  start(target) {
    let running = true
    let sent = 0
    const open: net.Socket[] = []
    const frame = maskedFrame(0x1, Buffer.alloc(16 * 1024, 0x61))
    const loops = Array.from({ length: 8 }, async () => {
      const socket = await openStudioSocket(target.port)
      if (!socket) return 'refused'
      open.push(socket)
      socket.resume()
      while (running && !socket.destroyed) {
        if (!socket.write(frame)) await drained(socket)
        sent++
      }
      const closedByServer = running
      socket.destroy()
      return closedByServer ? 'closed' : 'open'
    })
    return {
      stop: async () => {
        running = false
        for (const socket of open) socket.destroy()
        const outcomes = await Promise.all(loops)
        return `${sent} frames sent; sockets: ${outcomes.join(', ')}`
      },
    }
  },
}
export default scenario
