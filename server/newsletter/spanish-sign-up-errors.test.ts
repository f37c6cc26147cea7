import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { messages as en } from '../../web/src/lib/i18n/messages/en'
import { messages as es } from '../../web/src/lib/i18n/messages/es'
import { createNewsletterTestApp } from './testing/newsletter-test-app'

/**
 * The sign-up form on a Spanish page says why a sign-up failed in Spanish, from the server's status and its
 * English message (web/src/lib/i18n/messages/es.ts): these are the server's real answers, so a reworded
 * server message that the Spanish page no longer recognises fails here, not in front of a fan.
 */
const ana = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com', language: 'es' }

describe('a failed sign-up as the Spanish form words it', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })
  async function post(limit = '1000') {
    const t = await createNewsletterTestApp({ env: { NEWSLETTER_RATE_LIMIT: limit } })
    close = t.close
    return (payload: object) => request(t.app).post('/api/newsletter/subscribe').send(payload)
  }

  it('names the rule a name broke', async () => {
    const send = await post()
    const res = await send({ ...ana, firstName: 'Ana www.spam.example' }).expect(400)
    expect(es.newsletter.error(res.status, res.body.message)).toBe(
      'Revisa el formulario: los nombres no pueden llevar saltos de línea ni direcciones web.',
    )
    // The English page shows the server's own words, as before.
    expect(en.newsletter.error(res.status, res.body.message)).toBe(res.body.message)
  })

  it('asks to check the e-mail address for any other refused field', async () => {
    const send = await post()
    const res = await send({ ...ana, email: 'ana@' }).expect(400)
    expect(es.newsletter.error(res.status, res.body.message)).toBe(
      'Revisa el formulario: ¿tu correo está bien escrito?',
    )
  })

  it('says an area is gone', async () => {
    const send = await post()
    const res = await send({ ...ana, areas: ['atlantis'] }).expect(400)
    expect(es.newsletter.error(res.status, res.body.message)).toBe(
      'Esa zona ya no existe. Elige otra o «Todas las zonas».',
    )
  })

  it('asks to wait a minute when the network sent too many', async () => {
    const send = await post('1')
    await send(ana).expect(201)
    const res = await send(ana).expect(429)
    expect(es.newsletter.error(res.status, res.body.message)).toBe(
      'Demasiados intentos desde tu red. Inténtalo de nuevo en un minuto.',
    )
  })

  it('answers a Spanish sign-up in Spanish', async () => {
    const send = await post()
    const res = await send(ana).expect(201)
    expect(res.body.message).toMatch(/^¡/)
  })
})
