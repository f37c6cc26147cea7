import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { newsletterWithSmtp, TEST_SITE_URL } from './testing/newsletter-with-smtp'

const SITE = TEST_SITE_URL
const lucia = { firstName: 'Lucía', lastName: 'Hernández', email: 'lucia@example.com', language: 'es' }
const ana = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' }

const local = (url: string) => {
  const { pathname, search } = new URL(url)
  return pathname + search
}
const linkIn = (text: string, path: 'confirm' | 'unsubscribe') =>
  new RegExp(`https://\\S+/api/newsletter/${path}\\?token=[\\w.-]+`).exec(text)![0]

describe('newsletter in Spanish, with a real SMTP server', () => {
  const h = newsletterWithSmtp()

  async function signUp(fan: Record<string, string>) {
    const res = await request(h.t.app).post('/api/newsletter/subscribe').send(fan).expect(201)
    await h.t.newsletter.service.idle()
    const mail = h.smtp.mails.find((m) => m.to.includes(fan.email!))!
    return { res, mail }
  }

  it('sends a fan who signs up in Spanish the confirmation mail in Spanish', async () => {
    const { res, mail } = await signUp(lucia)
    expect(res.body.message).toBe('¡Ya casi! Revisa tu correo y confirma tu suscripción.')
    expect(mail.headers.get('subject')).toBe('Confirma tu suscripción a Los Forasteros')
    expect(mail.headers.get('content-language')).toBe('es')
    const text = mail.parts.get('text/plain')!
    expect(text.split('\r\n').slice(0, 4)).toEqual([
      '¡Hola, Lucía!',
      '',
      '¡Qué gusto que quieras recibir noticias de Los Forasteros! Te contaremos de fechas de gira, música nueva y contenido exclusivo.',
      'Solo falta confirmar tu correo. Abre este enlace (funciona durante 7 días):',
    ])
    expect(text).toContain('Cancelar suscripción: https://')
    const html = mail.parts.get('text/html')!
    expect(html).toContain('<html lang="es">')
    expect(html).toContain('Sí, quiero suscribirme')
    expect(html).not.toMatch(/Confirm my|Unsubscribe|Please/)
    const stored = await h.t.newsletter.repo.findByEmail(lucia.email)
    expect(stored!.consentText).toMatch(/^Al suscribirte aceptas recibir correos de Los Forasteros/)
  })

  it('keeps English for a fan who signs up without a language', async () => {
    const { res, mail } = await signUp(ana)
    expect(res.body.message).toBe('Almost there! Check your inbox and confirm your subscription.')
    expect(mail.headers.get('subject')).toBe('Confirm your subscription to Los Forasteros')
    expect(mail.headers.get('content-language')).toBe('en')
    expect(mail.parts.get('text/plain')).toMatch(/^Hola Ana,\r\n/)
    expect(mail.parts.get('text/html')).toContain('<html lang="en">')
    const unsubscribe = linkIn(mail.parts.get('text/plain')!, 'unsubscribe')
    const page = await request(h.t.app).get(local(unsubscribe)).expect(303)
    expect(page.headers.location).toMatch(/^\/newsletter\/unsubscribe\?token=/)
    const confirm = await request(h.t.app).get(local(linkIn(mail.parts.get('text/plain')!, 'confirm')))
    expect(confirm.status).toBe(303)
    expect(confirm.headers.location).toBe('/newsletter/confirmed')
  })

  it('confirms, and sends the confirm link on to the Spanish page, also once it has expired', async () => {
    const { mail } = await signUp(lucia)
    const confirm = local(linkIn(mail.parts.get('text/plain')!, 'confirm'))
    const page = await request(h.t.app).get(confirm).expect(303)
    expect(page.headers.location).toBe('/es/newsletter/confirmed')
    expect((await h.t.newsletter.repo.findByEmail(lucia.email))!.status).toBe('subscribed')

    h.now = new Date('2025-10-20T12:00:00Z')
    const expired = await request(h.t.app).get(confirm).expect(303)
    expect(expired.headers.location).toBe('/es/newsletter/confirmed?status=expired')
  })

  it('sends the unsubscribe link to the Spanish page, and its button to the Spanish answer', async () => {
    const { mail } = await signUp(lucia)
    const unsubscribe = local(linkIn(mail.parts.get('text/plain')!, 'unsubscribe'))
    const token = new URL(unsubscribe, SITE).searchParams.get('token')!
    const page = await request(h.t.app).get(unsubscribe).expect(303)
    expect(page.headers.location).toBe(`/es/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
    // Opening the link never unsubscribes (mail scanners open links).
    expect((await h.t.newsletter.repo.findByEmail(lucia.email))!.status).toBe('pending')

    // The page's form (web/src/features/newsletter/newsletter-pages.tsx) posts here with from=page.
    const done = await request(h.t.app).post(`${unsubscribe}&from=page`).expect(303)
    expect(done.headers.location).toBe('/es/newsletter/unsubscribed')
    expect((await h.t.newsletter.repo.findByEmail(lucia.email))!.status).toBe('unsubscribed')
    // A forged link names nobody: the English page says it is not valid.
    const forged = await request(h.t.app)
      .post(`${unsubscribe.slice(0, -2)}xx&from=page`)
      .expect(303)
    expect(forged.headers.location).toBe('/newsletter/unsubscribed?status=invalid')
  })

  it('answers a mail provider’s one-click unsubscribe (RFC 8058) in Spanish', async () => {
    const { mail } = await signUp(lucia)
    const oneClick = mail.headers.get('list-unsubscribe')!.slice(1, -1)
    const res = await request(h.t.app)
      .post(local(oneClick))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200)
    expect(res.headers['content-language']).toBe('es')
    expect(res.body).toEqual({ message: 'Listo: cancelamos tu suscripción.' })
    const forged = await request(h.t.app)
      .post(`${local(oneClick).slice(0, -2)}xx`)
      .expect(400)
    expect(forged.body).toEqual({ message: 'This unsubscribe link is not valid.' })
  })
})
