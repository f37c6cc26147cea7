import { describe, expect, it } from 'vitest'
import type { RecipientAnswer } from '../newsletter/testing/smtp-sink'
import { IN_FLIGHT } from './alert-sender'
import { signUpAndConfirm, type AlertsHarness } from './testing/alerts-harness'
import { show } from './testing/show-docs'
import { ALERT_STORES, harnessPerTest } from './testing/stores'

const ADMIN_TOKEN = 'alerts-delivery-test-token-0123456789'

const isAlert = (subject: string | undefined) => Boolean(subject?.includes('announce'))

/** Waits until `rows` outbox rows have an outcome and none is queued, and returns the band manager's view. */
async function settledOverview(harness: AlertsHarness, rows: number, timeoutMs = 15_000) {
  await harness.alerts.settled()
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const res = await fetch(`${harness.url}/api/newsletter/admin/alerts`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    const overview = (await res.json()) as {
      outbox: Record<string, number>
      givenUp: { subscriberId: string; error: string | null }[]
    }
    const { queued = 0, sent = 0, failed = 0, skipped = 0 } = overview.outbox
    if (queued === 0 && sent + failed + skipped >= rows) return overview
    if (Date.now() > deadline) throw new Error(`outbox not drained: ${JSON.stringify(overview.outbox)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe.each(Object.entries(ALERT_STORES))(
  'show alert delivery (%s, real SMTP): retries, give-ups, pace',
  { timeout: 40_000 },
  (_name, store) => {
    let harness: AlertsHarness
    const open = harnessPerTest(store)
    const start = async (env: Record<string, string>, answer?: RecipientAnswer) =>
      (harness = await open({ NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN, ...env }, [], answer))

    it('retries a refused mail with backoff until it is accepted, and gives up on a permanent refusal or after the last attempt', async () => {
      // The confirmation mail (attempt 1) is accepted; the alert's first tries are refused.
      const answer: RecipientAnswer = (address, attempt) => {
        if (address === 'greylisted@example.com' && (attempt === 2 || attempt === 3)) return 451
        if (address === 'gone@example.com' && attempt > 1) return 550
        if (address === 'full@example.com' && attempt > 1) return 452
        return undefined
      }
      await start({ ALERTS_RETRY_BASE_S: '0.2', ALERTS_MAX_ATTEMPTS: '3' }, answer)
      for (const email of [
        'greylisted@example.com',
        'gone@example.com',
        'full@example.com',
        'ok@example.com',
      ])
        await signUpAndConfirm(harness, { email })
      const confirmations = harness.sink.mails.length

      const published = performance.now()
      await harness.publish(show(null, { venue: 'Retry Hall' }))
      const overview = await settledOverview(harness, 4)

      expect(overview.outbox).toMatchObject({ sent: 2, failed: 2, queued: 0 })
      const alerts = harness.sink.mails
        .slice(confirmations)
        .filter((mail) => isAlert(mail.headers.get('subject')))
      expect(alerts.map((mail) => mail.to[0]).sort()).toEqual(['greylisted@example.com', 'ok@example.com'])
      // Two refusals, then the third attempt: after waits of 0.2 s and 0.4 s (backoff doubles).
      expect(harness.sink.attempts.get('greylisted@example.com')).toBe(1 + 3)
      const greylisted = alerts.find((mail) => mail.to[0] === 'greylisted@example.com')!
      expect(greylisted.at - published).toBeGreaterThanOrEqual(600)
      // A 5xx is never retried; a 4xx is, up to ALERTS_MAX_ATTEMPTS.
      expect(harness.sink.attempts.get('gone@example.com')).toBe(1 + 1)
      expect(harness.sink.attempts.get('full@example.com')).toBe(1 + 3)

      const idOf = async (email: string) => (await harness.newsletter.repo.findByEmail(email))!.id
      const givenUp = new Map(overview.givenUp.map((row) => [row.subscriberId, row.error]))
      expect([...givenUp.keys()].sort()).toEqual(
        [await idOf('gone@example.com'), await idOf('full@example.com')].sort(),
      )
      expect(givenUp.get(await idOf('gone@example.com'))).toMatch(/550|refused/)
      expect(givenUp.get(await idOf('full@example.com'))).toMatch(/452|refused/)
    })

    it('keeps to ALERTS_MAILS_PER_SECOND', async () => {
      const perSecond = 20
      const fans = 25
      await start({ ALERTS_MAILS_PER_SECOND: String(perSecond), NEWSLETTER_RATE_LIMIT: '100' })
      for (let i = 0; i < fans; i++) await signUpAndConfirm(harness, { email: `fan${i}@example.com` })
      const confirmations = harness.sink.mails.length

      const published = performance.now()
      await harness.publish(show(null, { venue: 'Paced Hall' }))
      const overview = await settledOverview(harness, fans)
      expect(overview.outbox).toMatchObject({ sent: fans, failed: 0 })

      const arrivals = harness.sink.mails.slice(confirmations).map((mail) => mail.at)
      expect(arrivals).toHaveLength(fans)
      // Slots are 1/perSecond apart from the first: the last cannot be sooner after the publish.
      expect(Math.max(...arrivals) - published).toBeGreaterThanOrEqual(((fans - 1) * 1000) / perSecond)
      // In any second, at most a second's slots plus the mails held in flight while the first connection opened.
      const inAnySecond = Math.max(
        ...arrivals.map((t) => arrivals.filter((u) => u >= t && u < t + 1000).length),
      )
      expect(inAnySecond).toBeLessThanOrEqual(perSecond + IN_FLIGHT)
    })
  },
)
