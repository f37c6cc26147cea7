import net from 'node:net'
import type { AbuseScenario } from '../../../server/testing/abuse-compare'
import { attackerAddress } from './attacker-address'

const CONNECTIONS = 4000
/** Connections the attacker has opening at once: a host holding connections, not a connect flood. */
const OPENING_AT_ONCE = 20
/** While the block runs, connections the server closed are opened again, this many every 100 ms. */
const TRICKLE = 2
/** The attacker's opening is bounded: the block starts when it holds its connections or after this. */
const OPENING_MS = 30_000

/**
 * Issue 36: one host holding idle keep-alive connections to the plain port, up to 4,000, each having asked for
 * /healthz once. It opens them before the attacked block, 20 at a time (each waits for its answer or its close
 * before the next opens), and holds them through the block; one the server closes is opened again at a trickle.
 * So the block measures what the held connections cost fans, not a burst of connects (a connection flood is a
 * firewall's to rate-limit). Bounded by the block.
 */
const scenario: AbuseScenario = {
  row: '36-m2',
  name: `HTTP/1.1: one host holding up to ${CONNECTIONS} idle keep-alive connections to the plain port`,
  start(target) {
    const from = attackerAddress()
    const held = new Set<net.Socket>()
    let opened = 0
    let answered = 0
    let closedByServer = 0
    let stopping = false
    /** Opens one connection; resolves once it is answered (and held) or closed. */
    const open = () =>
      new Promise<void>((resolve) => {
        opened++
        const socket = net.connect({ port: target.port, host: '127.0.0.1', localAddress: from })
        socket.on('error', () => {})
        socket.on('connect', () => socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n'))
        socket.once('data', () => {
          answered++
          held.add(socket)
          resolve()
        })
        socket.on('close', () => {
          if (held.delete(socket) || !stopping) closedByServer++
          resolve()
        })
      })
    const until = performance.now() + OPENING_MS
    const opener = async () => {
      while (!stopping && opened < CONNECTIONS && performance.now() < until) await open()
    }
    const ready = Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener))
    const heldAtStart = ready.then(() => held.size)
    let trickle: NodeJS.Timeout | undefined
    void ready.then(() => {
      if (stopping) return
      trickle = setInterval(() => {
        for (let i = 0; i < TRICKLE && held.size < CONNECTIONS; i++) void open()
      }, 100)
    })
    return {
      ready,
      stop: async () => {
        stopping = true
        clearInterval(trickle)
        const open = held.size
        for (const socket of [...held]) {
          held.delete(socket)
          socket.destroy()
        }
        return `from ${from}: ${await heldAtStart} held when the block started, ${opened} opened, ${answered} answered, ${closedByServer} closed by the server, ${open} open at the end`
      },
    }
  },
}
export default scenario
