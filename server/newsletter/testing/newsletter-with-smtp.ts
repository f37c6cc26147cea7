import { afterEach, beforeEach } from 'vitest'
import type { Clock } from '../../clock'
import { createNewsletterTestApp } from './newsletter-test-app'
import { startSmtpSink } from './smtp-sink'

/** Where the test newsletter's links point. */
export const TEST_SITE_URL = 'https://losforasteros.example.com'

/**
 * For each test of the calling `describe`: a real SMTP sink and a newsletter app sending to it, on a clock the test
 * sets (`now`, 2025-10-01 12:00 UTC at the start of each test). Read the fields inside the tests, not before.
 */
export function newsletterWithSmtp() {
  const harness = {
    now: new Date(),
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpSink>>,
    t: undefined as unknown as Awaited<ReturnType<typeof createNewsletterTestApp>>,
  }
  const clock: Clock = { now: () => new Date(harness.now) }
  beforeEach(async () => {
    harness.now = new Date('2025-10-01T12:00:00Z')
    harness.smtp = await startSmtpSink()
    harness.t = await createNewsletterTestApp({
      env: { SMTP_URL: harness.smtp.url, SITE_URL: TEST_SITE_URL, NEWSLETTER_RATE_LIMIT: '100' },
      clock,
    })
  })
  afterEach(async () => {
    await harness.t.close()
    await harness.smtp.close()
  })
  return harness
}
