import { afterEach, describe, expect, it } from 'vitest'
import type { ReceivedMail } from '../newsletter/testing/smtp-sink'
import { signUpAndConfirm, startAlertsHarness, type AlertsHarness } from './testing/alerts-harness'
import { area, show } from './testing/show-docs'

const SOCAL = area('southern-california', 'Southern California', 'Sur de California')
/** No Spanish name written yet: Spanish readers get the English one. */
const BAY = area('bay-area', 'Bay Area')

async function alertFor(harness: AlertsHarness, email: string): Promise<ReceivedMail> {
  await harness.alerts.settled()
  const deadline = Date.now() + 10_000
  for (;;) {
    // The second mail to an address is its alert; the first was the confirmation.
    const mails = harness.sink.mails.filter((mail) => mail.to.includes(email))
    if (mails.length >= 2) return mails[1]!
    if (Date.now() > deadline) throw new Error(`no alert for ${email}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('show alerts in the subscriber’s language (real SMTP)', { timeout: 30_000 }, () => {
  let harness: AlertsHarness
  afterEach(async () => {
    await harness?.close()
  })

  it('writes an alert in Spanish, the date in the venue’s time zone, and keeps English for others', async () => {
    harness = await startAlertsHarness()
    await harness.publish(SOCAL)
    await signUpAndConfirm(harness, { email: 'lucia@example.com', firstName: 'Lucía', language: 'es' })
    await signUpAndConfirm(harness, { email: 'ana@example.com', firstName: 'Ana' })
    // 7:00 p.m. on Saturday 8 November 2025 in Los Angeles.
    await harness.publish(
      show('southern-california', {
        venue: 'La Bodega',
        city: 'Oxnard',
        startsAt: '2099-11-08T03:00:00.000Z',
        timeZone: 'America/Los_Angeles',
      }),
    )

    const spanish = await alertFor(harness, 'lucia@example.com')
    expect(spanish.headers.get('subject')).toBe('¡Nuevo concierto de Los Forasteros en Oxnard!')
    expect(spanish.headers.get('content-language')).toBe('es')
    const text = spanish.parts.get('text/plain')!
    expect(text.split('\r\n').slice(0, 5)).toEqual([
      '¡Hola, Lucía!',
      '',
      '¡Vamos a tocar cerca de ti! Esta es la fecha nueva:',
      '',
      '* sábado, 7 de noviembre de 2099, 7:00 p.m.',
    ])
    expect(text).toContain('  Boletos: https://tickets.example.com/')
    expect(text).toContain('  Agregar al calendario: http')
    expect(text).toContain('Te llegan estos correos por todos nuestros conciertos')
    expect(text).toContain('Cancelar suscripción: http')
    expect(spanish.parts.get('text/html')).toContain('<html lang="es">')

    const english = await alertFor(harness, 'ana@example.com')
    expect(english.headers.get('subject')).toBe('Los Forasteros announce a show in Oxnard')
    expect(english.headers.get('content-language')).toBe('en')
    expect(english.parts.get('text/plain')).toContain('* Saturday, November 7, 2099 at 7:00 PM')
  })
  it('shows a Spanish subscriber the preferences page in Spanish, and the band manager a Spanish preview', async () => {
    const token = 'alerts-admin-test-token-0123456789'
    harness = await startAlertsHarness({ NEWSLETTER_ADMIN_TOKEN: token })
    await harness.publish(SOCAL)
    await signUpAndConfirm(harness, {
      email: 'lucia@example.com',
      language: 'es',
      areas: ['southern-california'],
    })
    const lucia = (await harness.newsletter.repo.findByEmail('lucia@example.com'))!
    const link = `${harness.url}/api/newsletter/preferences?token=${harness.newsletter.tokens.sign('preferences', lucia.id)}`
    const page = await fetch(link)
    expect(page.headers.get('content-language')).toBe('es')
    const html = await page.text()
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('<h1>Tus correos de Los Forasteros</h1>')
    expect(html).toContain('<legend>Avísame cuando haya concierto en</legend>')
    expect(html).toContain('Cancelar todos los correos</button>')

    const draft = show('southern-california', { venue: 'Teatro', city: 'Tijuana' })
    await harness.publish({ ...draft, _id: `drafts.${draft._id}` })
    const preview = await fetch(
      `${harness.url}/api/newsletter/admin/alerts/preview?show=${draft._id}&language=es`,
      { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } },
    )
    expect((await preview.json()).subject).toBe('¡Nuevo concierto de Los Forasteros en Tijuana!')
  })

  it('names the areas in the subscriber’s language, in English where the Spanish name is missing', async () => {
    harness = await startAlertsHarness()
    await harness.publish(SOCAL, BAY)
    const areas = ['bay-area', 'southern-california']
    await signUpAndConfirm(harness, { email: 'lucia@example.com', language: 'es', areas })
    await signUpAndConfirm(harness, { email: 'ana@example.com', areas })
    await harness.publish(show('southern-california', { venue: 'La Bodega', city: 'Oxnard' }))

    const spanish = (await alertFor(harness, 'lucia@example.com')).parts.get('text/plain')!
    expect(spanish).toContain('Te llegan estos correos por los conciertos en: Bay Area, Sur de California.')
    const english = (await alertFor(harness, 'ana@example.com')).parts.get('text/plain')!
    expect(english).toContain('You get these mails for shows in: Bay Area, Southern California.')

    // The preferences page lists them by their names in its language; the English stand-in is marked.
    const lucia = (await harness.newsletter.repo.findByEmail('lucia@example.com'))!
    const token = harness.newsletter.tokens.sign('preferences', lucia.id)
    const html = await (await fetch(`${harness.url}/api/newsletter/preferences?token=${token}`)).text()
    expect(html).toContain('checked> <span lang="en">Bay Area</span></label>')
    expect(html).toContain('value="southern-california" checked> Sur de California</label>')
    expect(html).not.toContain('Southern California')
    const ana = (await harness.newsletter.repo.findByEmail('ana@example.com'))!
    const anaToken = harness.newsletter.tokens.sign('preferences', ana.id)
    const englishPage = await (
      await fetch(`${harness.url}/api/newsletter/preferences?token=${anaToken}`)
    ).text()
    expect(englishPage).toContain('value="southern-california" checked> Southern California</label>')
    expect(englishPage).not.toContain('Sur de California')
  })
})
