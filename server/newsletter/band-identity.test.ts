import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bandNameFrom } from '../band-name'
import { createPublishedReader, ContentStore } from '../content-api/engine'
import { createLogger } from '../logger'
import { CONSENT_VERSION, consentText } from './subscribe-schema'
import { createNewsletterTestApp } from './testing/newsletter-test-app'
import { startSmtpSink } from './testing/smtp-sink'

/**
 * The band's name in the newsletter comes from the site settings at the moment of a sign-up (ADR 074, ADR 040):
 * a rename in the Studio shows in the next confirmation mail and in the consent stored with the next sign-up.
 */
describe('the newsletter names the band as the site settings do', () => {
  let store: ContentStore
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>
  let t: Awaited<ReturnType<typeof createNewsletterTestApp>>

  const nameTheBand = (bandName: string) =>
    store.commit('production', { author: 'test' }, (ws) =>
      ws.apply('siteSettings', {
        createOrReplace: { _id: 'siteSettings', _type: 'siteSettings', bandName } as never,
      }),
    )

  beforeEach(async () => {
    store = new ContentStore({ file: ':memory:' })
    smtp = await startSmtpSink()
    const reader = createPublishedReader(store, { dataset: 'production', projectId: 'local' })
    t = await createNewsletterTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'news@band.example', NEWSLETTER_RATE_LIMIT: '100' },
      bandName: bandNameFrom(reader, createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' })),
    })
  })
  afterEach(async () => {
    await t.close()
    await smtp.close()
    store.close()
  })

  async function signUp(email: string) {
    await request(t.app)
      .post('/api/newsletter/subscribe')
      .send({ firstName: 'Ana', lastName: 'López', email })
      .expect(201)
    await t.newsletter.service.idle()
    return t.newsletter.repo.findByEmail(email)
  }

  it('uses the renamed band in the mail, its sender and the stored consent, and the new name after a rename', async () => {
    await nameTheBand('Los Renombrados')
    const first = await signUp('ana@example.com')
    const [mail] = await smtp.waitFor(1)
    expect(mail!.headers.get('subject')).toBe('Confirm your subscription to Los Renombrados')
    expect(mail!.headers.get('from')).toBe('Los Renombrados <news@band.example>')
    expect(mail!.parts.get('text/plain')).toContain('news from Los Renombrados: tour dates')
    expect(mail!.parts.get('text/plain')).toContain('-- Los Renombrados')
    expect(mail!.parts.get('text/html')).toContain('>Los Renombrados</td>')
    expect(first).toMatchObject({
      consentText: consentText('Los Renombrados'),
      consentVersion: CONSENT_VERSION,
    })
    expect(first!.consentText).toContain('e-mails from Los Renombrados about')

    await nameTheBand('Las Forajidas')
    const second = await signUp('bea@example.com')
    const [, next] = await smtp.waitFor(2)
    expect(next!.headers.get('subject')).toBe('Confirm your subscription to Las Forajidas')
    expect(second!.consentText).toBe(consentText('Las Forajidas'))
    // What the first subscriber agreed to stays as it was shown to them.
    expect((await t.newsletter.repo.findByEmail('ana@example.com'))!.consentText).toBe(
      consentText('Los Renombrados'),
    )
  })
})
