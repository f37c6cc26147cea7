/**
 * A local SMTP server (smtp-server) with its own rate limit, in its own process so its work stays out of the
 * bench's timings: it accepts at most `SINK_MAILS_PER_SECOND` messages a second, holding the answer to DATA until
 * the next slot (as a provider's throttle slows a sender), and keeps only a count. Reports to its parent over IPC:
 * `{ port }` once listening (on `SINK_PORT`, or a free one), then `{ received }` whenever asked with `'count'`.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

const limit = Number(process.env.SINK_MAILS_PER_SECOND ?? 200)
const interval = 1000 / limit
let nextSlot = 0
let received = 0

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // The pooled sender keeps several connections open; more than it uses, so the limit is the only throttle.
  maxClients: 64,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined)
    stream.on('end', () => {
      const now = performance.now()
      const slot = Math.max(now, nextSlot)
      nextSlot = slot + interval
      setTimeout(() => {
        received++
        callback()
      }, slot - now)
    })
  },
})
server.on('error', () => undefined)
server.listen(Number(process.env.SINK_PORT ?? 0), '127.0.0.1', () => {
  process.send!({ port: (server.server.address() as AddressInfo).port })
})
process.on('message', (message) => {
  if (message === 'count') process.send!({ received })
  if (message === 'close') server.close(() => process.exit(0))
})
