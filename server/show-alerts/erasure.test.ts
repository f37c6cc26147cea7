import { afterEach, describe, expect, it } from 'vitest'
import { signUpAndConfirm, startAlertsHarness, type AlertsHarness } from './testing/alerts-harness'
import { area, show } from './testing/show-docs'
import { ALERT_STORES } from './testing/stores'

const ADMIN_TOKEN = 'alerts-erasure-test-admin-token-0123456789'
const SOCAL = area('southern-california', 'Southern California')

/** The outbox once `sent` mails have gone and none waits. */
async function sentAll(harness: AlertsHarness, sent: number) {
  await harness.alerts.settled()
  for (let i = 0; i < 500; i++) {
    const counts = await harness.alerts.alerts.counts()
    if (counts.queued === 0 && counts.sent >= sent) return counts
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('outbox not drained')
}

describe.each(Object.entries(ALERT_STORES))('erasing a fan (%s)', { timeout: 30_000 }, (_name, store) => {
  let harness: AlertsHarness | undefined
  let drop: () => Promise<void> = async () => undefined
  afterEach(async () => {
    await harness?.close()
    await drop()
  })

  it('deletes their areas and their show alert rows with them, and nobody else’s', async () => {
    const opened = await store()
    drop = opened.drop
    harness = await startAlertsHarness({ ...opened.env, NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN })
    await harness.publish(SOCAL)
    await signUpAndConfirm(harness, { email: 'erased@example.com', areas: ['southern-california'] })
    await signUpAndConfirm(harness, { email: 'kept@example.com', areas: ['southern-california'] })
    await harness.publish(show('southern-california', { venue: 'Erasure Hall' }))
    expect(await sentAll(harness, 2)).toMatchObject({ sent: 2, failed: 0 })

    const { repo } = harness.newsletter
    const erased = (await repo.findByEmail('erased@example.com'))!
    const kept = (await repo.findByEmail('kept@example.com'))!
    const res = await fetch(`${harness.url}/api/newsletter/admin/subscribers/${erased.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect(res.status).toBe(204)

    expect(await repo.findById(erased.id)).toBeNull()
    expect(await repo.preferences(erased.id)).toBeNull()
    expect(Object.fromEntries(await repo.preferencesOf([erased.id, kept.id]))).toEqual({
      [kept.id]: { areas: ['southern-california'], language: 'en' },
    })
    // Their outbox row went with them; the other fan's stays.
    expect(await harness.alerts.alerts.counts()).toMatchObject({ sent: 1, queued: 0 })
    const overview = await fetch(`${harness.url}/api/newsletter/admin/alerts`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    expect((await overview.json()).subscribersPerArea).toEqual([
      { area: 'southern-california', subscribers: 1, name: 'Southern California' },
      { area: null, subscribers: 0, name: 'Everywhere' },
    ])
  })
})
