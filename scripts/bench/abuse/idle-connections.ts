import net from 'node:net'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { attackerAddress } from './attacker-address'

const CONNECTIONS = 4000

/**
 * Issue 36: one host opening keep-alive connections to the plain port, 200 every 20 ms up to 4,000, each asking
 * for /healthz once and then idle. Bounded by the block.
 */
const scenario: AbuseScenario = {
  row: '36-m2',
  name: `HTTP/1.1: one host opening ${CONNECTIONS} idle keep-alive connections to the plain port`,
  start(target) {
    const from = attackerAddress()
    const sockets = new Set<net.Socket>()
    let answered = 0
    let closedByServer = 0
    let opened = 0
    const timer = setInterval(() => {
      for (let i = 0; i < 200 && opened < CONNECTIONS; i++) {
        opened++
        const socket = net.connect({ port: target.port, host: '127.0.0.1', localAddress: from })
        sockets.add(socket)
        socket.on('error', () => {})
        socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'))
        socket.once('data', () => answered++)
        socket.on('close', () => {
          if (sockets.delete(socket)) closedByServer++
        })
      }
    }, 20)
    return {
      stop: async () => {
        clearInterval(timer)
        const open = sockets.size
        for (const socket of [...sockets]) {
          sockets.delete(socket)
          socket.destroy()
        }
        return `from ${from}: ${opened} opened, ${answered} answered, ${closedByServer} closed by the server, ${open} open at the end`
      },
    }
  },
}
export default scenario
