import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isPermanent } from '../retry-policy'
import type { ShowSnapshot } from '../show-snapshot'
import { alertMailsOnTheEventLoop, createAlertMailThread, type AlertMails } from './alert-mail-thread'

const show: ShowSnapshot = {
  id: 'show-1',
  slug: 'show-1',
  startsAt: '2026-03-01T03:00:00.000Z',
  timeZone: 'America/Los_Angeles',
  venue: 'The Observatory',
  city: 'Santa Ana',
  region: 'CA',
  country: 'US',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/1',
  area: { slug: 'southern-california', name: 'Southern California' },
}

const task = (email: string) => ({
  to: { email, firstName: 'Ana' },
  shows: [show],
  band: 'Los Forasteros',
  areaNames: ['Southern California'],
  links: {
    origin: 'https://band.example',
    preferencesUrl: 'https://band.example/api/newsletter/preferences?token=t',
    unsubscribeUrl: 'https://band.example/api/newsletter/unsubscribe?token=t',
  },
  language: 'es' as const,
})

/**
 * The mail thread (ADR 196), and the same work on the event loop, against a real SMTP server that refuses some
 * recipients: what the sender's retry policy reads of a failure (the SMTP code) must come back from the thread.
 */
describe.each([
  ['in their thread', createAlertMailThread],
  ['on the event loop', alertMailsOnTheEventLoop],
])('alert mails %s', (_where, createAlertMails) => {
  const received: string[] = []
  let smtp: SMTPServer
  let thread: AlertMails

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('gone@'))
          return callback(Object.assign(new Error('No such user'), { responseCode: 550 }))
        if (address.address.startsWith('later@'))
          return callback(Object.assign(new Error('Try later'), { responseCode: 451 }))
        callback()
      },
      onData(stream, _session, callback) {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'))
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const { port } = smtp.server.address() as AddressInfo
    thread = createAlertMails({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'shows@band.example',
      inFlight: 4,
    })
  })
  afterAll(async () => {
    await thread?.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  })

  it('writes the alert in the fan’s language and hands it to SMTP', async () => {
    const before = received.length
    await thread.send(task('ana@example.com'))
    expect(received).toHaveLength(before + 1)
    const raw = received.at(-1)!
    expect(raw).toMatch(/^Content-Language: es$/m)
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
    expect(raw).toContain('Santa Ana')
  })

  it('rejects with the SMTP code: a 5xx refusal is permanent, a 4xx one is tried again', async () => {
    const gone = await thread.send(task('gone@example.com')).catch((error: unknown) => error)
    expect(gone).toBeInstanceOf(Error)
    expect((gone as { responseCode?: number }).responseCode).toBe(550)
    expect(isPermanent(gone)).toBe(true)
    const later = await thread.send(task('later@example.com')).catch((error: unknown) => error)
    expect((later as { responseCode?: number }).responseCode).toBe(451)
    expect(isPermanent(later)).toBe(false)
  })

  it('sends several at once over its pooled connections, each once', async () => {
    const before = received.length
    await Promise.all(Array.from({ length: 12 }, (_, i) => thread.send(task(`fan${i}@example.com`))))
    expect(received.length - before).toBe(12)
  })
})
