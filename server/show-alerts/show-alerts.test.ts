import { describe, expect, it } from 'vitest'
import type { ReceivedMail } from '../newsletter/testing/smtp-sink'
import { linksIn, signUpAndConfirm, type AlertsHarness } from './testing/alerts-harness'
import { area, show } from './testing/show-docs'
import { ALERT_STORES, harnessPerTest } from './testing/stores'

const SOCAL = area('southern-california', 'Southern California')
const BAY = area('bay-area', 'Bay Area')

/** The alert mails (not confirmations) each address received. */
function alertsByRecipient(mails: ReceivedMail[]): Map<string, ReceivedMail[]> {
  const byTo = new Map<string, ReceivedMail[]>()
  for (const mail of mails) {
    if (!mail.headers.get('subject')?.includes('announce')) continue
    for (const to of mail.to) byTo.set(to, [...(byTo.get(to) ?? []), mail])
  }
  return byTo
}

async function waitForAlerts(harness: AlertsHarness, count: number) {
  await harness.alerts.settled()
  const deadline = Date.now() + 10_000
  while ([...alertsByRecipient(harness.sink.mails).values()].flat().length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} alert mails`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** Every outbox row has an outcome: nothing queued or held. */
async function drained(harness: AlertsHarness) {
  await harness.alerts.settled()
  const deadline = Date.now() + 10_000
  for (;;) {
    const counts = await harness.alerts.alerts.counts()
    if (counts.queued === 0) return counts
    if (Date.now() > deadline) throw new Error(`outbox not drained: ${JSON.stringify(counts)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(Object.entries(ALERT_STORES))(
  'show alerts end to end (%s, real SMTP)',
  { timeout: 30_000 },
  (_name, store) => {
    let harness: AlertsHarness
    const start = harnessPerTest(store)

    it('sends each fan one mail listing the new shows of their areas, with working links; an edit sends nothing', async () => {
      harness = await start()
      await harness.publish(SOCAL, BAY)
      await signUpAndConfirm(harness, { email: 'south@example.com', areas: ['southern-california'] })
      await signUpAndConfirm(harness, { email: 'bay@example.com', areas: ['bay-area'] })
      await signUpAndConfirm(harness, { email: 'everywhere@example.com' })
      const south1 = show('southern-california', { venue: 'The Observatory', city: 'Santa Ana' })
      const south2 = show('southern-california', { venue: 'Belly Up', city: 'Solana Beach' })
      const bay = show('bay-area', { venue: 'The Chapel', city: 'San Francisco' })
      const past = show('southern-california', { venue: 'Past Hall', startsAt: '2001-01-01T03:00:00.000Z' })
      const cancelled = show('southern-california', { venue: 'Cancelled Club', status: 'cancelled' })
      const quiet = show('southern-california', { venue: 'Quiet Room', notifyFans: false })

      // A release: one commit.
      await harness.publish(south1, south2, bay, past, cancelled, quiet)
      await waitForAlerts(harness, 3)
      expect(await drained(harness)).toMatchObject({ sent: 3, failed: 0 })

      const byTo = alertsByRecipient(harness.sink.mails)
      expect([...byTo.keys()].sort()).toEqual([
        'bay@example.com',
        'everywhere@example.com',
        'south@example.com',
      ])
      expect([...byTo.values()].map((mails) => mails.length)).toEqual([1, 1, 1])
      const southText = byTo.get('south@example.com')![0]!.parts.get('text/plain')!
      expect(southText).toContain('The Observatory')
      expect(southText).toContain('Belly Up')
      for (const absent of ['The Chapel', 'Past Hall', 'Cancelled Club', 'Quiet Room']) {
        expect(southText).not.toContain(absent)
      }
      const everywhereText = byTo.get('everywhere@example.com')![0]!.parts.get('text/plain')!
      expect(everywhereText).toContain('The Chapel')
      expect(everywhereText).toContain('Belly Up')
      expect(byTo.get('bay@example.com')![0]!.parts.get('text/plain')).not.toContain('Belly Up')

      // The links: tickets, the show page and its calendar file, preferences, one-click unsubscribe.
      const links = linksIn(southText)
      const slug = (south1.slug as { current: string }).current
      expect(links).toContain(south1.ticketUrl)
      expect(links).toContain(`https://band.example/shows/${slug}`)
      expect(links).toContain(`https://band.example/shows/${slug}.ics`)
      const mail = byTo.get('south@example.com')![0]!
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
      const preferences = links.find((link) => link.includes('/preferences?'))!
      const page = await fetch(preferences.replace('https://band.example', harness.url))
      expect(page.status).toBe(200)
      expect(await page.text()).toMatch(/value="southern-california" checked/)

      // Publishing an edit of an announced show sends nothing.
      await harness.publish({ ...south1, venue: 'The Observatory (moved)' })
      await harness.alerts.settled()
      expect(await drained(harness)).toMatchObject({ sent: 3 })
      expect(alertsByRecipient(harness.sink.mails).get('south@example.com')).toHaveLength(1)

      // RFC 8058 one-click unsubscribe from the mail's header still works.
      const unsubscribe = /<([^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!
      const oneClick = await fetch(unsubscribe.replace('https://band.example', harness.url), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      })
      expect(oneClick.status).toBe(200)
    })

    it('makes one mail of shows published in separate commits within the coalescing window', async () => {
      harness = await start({ ALERTS_COALESCE_S: '1' })
      await harness.publish(SOCAL)
      await signUpAndConfirm(harness, { email: 'south@example.com', areas: ['southern-california'] })
      await harness.publish(show('southern-california', { venue: 'First Stage' }))
      await harness.publish(show('southern-california', { venue: 'Second Stage' }))
      await waitForAlerts(harness, 1)
      await drained(harness)
      const mails = alertsByRecipient(harness.sink.mails).get('south@example.com')!
      expect(mails).toHaveLength(1)
      expect(mails[0]!.parts.get('text/plain')).toMatch(/First Stage[\s\S]*Second Stage/)
    })

    it('announces a show once: unpublishing and publishing it again sends nothing', async () => {
      harness = await start()
      const once = show(null, { venue: 'Announced Once' })
      await signUpAndConfirm(harness, { email: 'fan@example.com' })
      await harness.publish(once)
      await waitForAlerts(harness, 1)
      await harness.content.commit('production', { author: 'test' }, (ws) => {
        ws.apply(once._id, { delete: { id: once._id } })
      })
      await harness.publish(once)
      expect(await drained(harness)).toMatchObject({ sent: 1, queued: 0 })
    })

    it('never announces the shows already published when the alerts first start', async () => {
      const existing = show(null, { venue: 'Before Alerts' })
      harness = await start({}, [existing])
      await signUpAndConfirm(harness, { email: 'fan@example.com' })
      await harness.publish({ ...existing, venue: 'Before Alerts, edited' })
      await harness.publish(show(null, { venue: 'After Alerts' }))
      await waitForAlerts(harness, 1)
      expect(await drained(harness)).toMatchObject({ sent: 1 })
      const text = harness.sink.mails.at(-1)!.parts.get('text/plain')!
      expect(text).toContain('After Alerts')
      expect(text).not.toContain('Before Alerts')
    })

    it('refuses an unknown area at sign-up with a clear 400, and lets a fan change areas and language', async () => {
      harness = await start()
      await harness.publish(SOCAL, BAY)
      const res = await fetch(`${harness.url}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ firstName: 'A', lastName: 'B', email: 'a@example.com', areas: ['atlantis'] }),
      })
      expect(res.status).toBe(400)
      expect((await res.json()).message).toMatch(/Unknown area: atlantis/)
      expect(await harness.newsletter.repo.findByEmail('a@example.com')).toBeNull()

      await signUpAndConfirm(harness, { email: 'fan@example.com', areas: ['bay-area'] })
      const fan = (await harness.newsletter.repo.findByEmail('fan@example.com'))!
      const token = harness.newsletter.tokens.sign('preferences', fan.id)
      const url = `${harness.url}/api/newsletter/preferences?token=${token}`
      const bad = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ areas: ['atlantis'], language: 'en' }),
      })
      expect(bad.status).toBe(400)
      const form = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'areas=southern-california&areas=bay-area&language=es',
        redirect: 'manual',
      })
      expect(form.status).toBe(303)
      expect(await harness.newsletter.repo.preferences(fan.id)).toEqual({
        areas: ['bay-area', 'southern-california'],
        language: 'es',
      })
      const forged = await fetch(`${harness.url}/api/newsletter/preferences?token=${token.slice(0, -2)}xx`)
      expect(forged.status).toBe(404)
    })

    it('links the confirmation mail to the preferences page too, in the fan’s language, before they confirm', async () => {
      harness = await start()
      await harness.publish(BAY)
      for (const [email, language, label] of [
        ['new@example.com', 'en', 'Change your areas or language'],
        ['nuevo@example.com', 'es', 'Cambiar tus zonas o tu idioma'],
      ] as const) {
        const res = await fetch(`${harness.url}/api/newsletter/subscribe`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ firstName: 'Fan', lastName: 'Test', email, areas: ['bay-area'], language }),
        })
        expect(res.status).toBe(201)
        await harness.newsletter.service.idle()
        const mail = harness.sink.mails.find((m) => m.to.includes(email))!
        const text = mail.parts.get('text/plain')!
        expect(text).toContain(`${label}: https://band.example/api/newsletter/preferences?token=`)
        expect(mail.parts.get('text/html')).toContain(label)
        const link = linksIn(text).find((l) => l.includes('/preferences?'))!
        const page = await fetch(link.replace('https://band.example', harness.url))
        expect(page.status).toBe(200)
        expect(page.headers.get('content-language')).toBe(language)
        expect(await page.text()).toMatch(/value="bay-area" checked/)
      }
    })

    it('lets a fan leave from the preferences page: the Leave form unsubscribes, and the next show sends them nothing', async () => {
      harness = await start()
      await harness.publish(BAY)
      await signUpAndConfirm(harness, { email: 'leaving@example.com', areas: ['bay-area'] })
      await signUpAndConfirm(harness, { email: 'staying@example.com', areas: ['bay-area'] })
      const fan = (await harness.newsletter.repo.findByEmail('leaving@example.com'))!
      const token = harness.newsletter.tokens.sign('preferences', fan.id)
      const page = await (await fetch(`${harness.url}/api/newsletter/preferences?token=${token}`)).text()
      // The page's second form is Leave; post it as the browser does (an empty form body).
      const actions = [...page.matchAll(/<form method="post" action="([^"]+)"/g)].map((m) => m[1]!)
      const leave = actions
        .find((action) => action.includes('/unsubscribe?'))!
        .replaceAll('&amp;', '&')
        .replace('https://band.example', harness.url)
      const left = await fetch(leave, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      })
      expect(left.status).toBeLessThan(400)
      expect((await harness.newsletter.repo.findByEmail('leaving@example.com'))!.status).toBe('unsubscribed')

      await harness.publish(show('bay-area', { venue: 'After Leaving' }))
      await waitForAlerts(harness, 1)
      expect(await drained(harness)).toMatchObject({ sent: 1 })
      expect([...alertsByRecipient(harness.sink.mails).keys()]).toEqual(['staying@example.com'])
    })

    it('shows the band manager subscribers per area and a preview of a draft show’s mail, only with admin rights', async () => {
      const token = 'alerts-admin-test-token-0123456789'
      harness = await start({ NEWSLETTER_ADMIN_TOKEN: token })
      await harness.publish(SOCAL, BAY)
      await signUpAndConfirm(harness, { email: 'south@example.com', areas: ['southern-california'] })
      await signUpAndConfirm(harness, { email: 'everywhere@example.com' })
      const draft = show('southern-california', { venue: 'Draft Theatre' })
      await harness.publish({ ...draft, _id: `drafts.${draft._id}` })
      const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' }
      expect((await fetch(`${harness.url}/api/newsletter/admin/alerts`)).status).toBe(401)
      const stats = await (
        await fetch(`${harness.url}/api/newsletter/admin/alerts`, { headers: auth })
      ).json()
      expect(stats.subscribersPerArea).toEqual([
        { area: null, subscribers: 1, name: 'Everywhere' },
        { area: 'southern-california', subscribers: 1, name: 'Southern California' },
        { area: 'bay-area', subscribers: 0, name: 'Bay Area' },
      ])
      const preview = await fetch(`${harness.url}/api/newsletter/admin/alerts/preview?show=${draft._id}`, {
        headers: auth,
      })
      expect(preview.status).toBe(200)
      const mail = await preview.json()
      expect(mail.text).toContain('Draft Theatre')
      expect(mail.subject).toContain('Los Forasteros')
      expect(mail).toMatchObject({ recipients: 2, notSentBecause: null })
      const past = show('southern-california', { venue: 'Past Hall', startsAt: '2001-01-01T03:00:00.000Z' })
      await harness.publish(past)
      const pastPreview = await fetch(`${harness.url}/api/newsletter/admin/alerts/preview?show=${past._id}`, {
        headers: auth,
      })
      expect((await pastPreview.json()).notSentBecause).toBe('its date has passed')
      // A draft is not published: nothing was announced.
      expect(await drained(harness)).toMatchObject({ sent: 0 })
    })
  },
)
