import request from 'supertest'
import { describe, expect, it } from 'vitest'
import { newsletterWithSmtp } from './testing/newsletter-with-smtp'

const ana = { firstName: 'Ana <b>', lastName: 'López', email: 'Ana@Example.com' }
const DOUBLE_OPT_IN = { message: 'Almost there! Check your inbox and confirm your subscription.' }

/** The path and query of an absolute link, for supertest. */
const local = (url: string) => {
  const { pathname, search } = new URL(url)
  return pathname + search
}

describe('double opt-in with a real SMTP server', () => {
  const h = newsletterWithSmtp()

  async function signUpAndReadMail() {
    const res = await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    expect(res.body).toEqual(DOUBLE_OPT_IN)
    await h.t.newsletter.service.idle()
    const [mail] = await h.smtp.waitFor(1)
    return mail!
  }

  const linksIn = (text: string) => ({
    confirm: /https:\/\/\S+\/api\/newsletter\/confirm\?token=[\w.-]+/.exec(text)?.[0],
    unsubscribe: /https:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[\w.-]+/.exec(text)?.[0],
  })

  it('sends a confirmation mail with text and HTML parts and one-click unsubscribe headers', async () => {
    const mail = await signUpAndReadMail()
    expect(mail.to).toEqual(['Ana@example.com'])
    expect(mail.from).toBe('newsletter@example.com')
    expect(mail.headers.get('subject')).toBe('Confirm your subscription to Los Forasteros')
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative/)

    const text = mail.parts.get('text/plain')!
    const html = mail.parts.get('text/html')!
    expect(text).toContain('Hola Ana <b>,')
    expect(html).toContain('Hola Ana &lt;b&gt;,')
    expect(html).not.toContain('<b>,')
    const fromText = linksIn(text)
    expect(fromText.confirm).toMatch(
      /^https:\/\/losforasteros\.example\.com\/api\/newsletter\/confirm\?token=/,
    )
    expect(fromText.unsubscribe).toBeTruthy()
    expect(html).toContain(`href="${fromText.confirm}"`)
    expect(html).toContain(`href="${fromText.unsubscribe}"`)

    expect(mail.headers.get('list-unsubscribe')).toBe(`<${fromText.unsubscribe}>`)
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')

    const pending = await h.t.newsletter.repo.findByEmail(ana.email)
    expect(pending).toMatchObject({ status: 'pending', confirmedAt: null })
    expect(pending?.confirmationSentAt).toBe('2025-10-01T12:00:00.000Z')
  })

  it('confirms through the link and sends the browser to the confirmation page', async () => {
    const { confirm } = linksIn((await signUpAndReadMail()).parts.get('text/plain')!)
    h.now = new Date('2025-10-03T08:00:00Z')
    const res = await request(h.t.app).get(local(confirm!)).expect(303)
    expect(res.headers.location).toBe('/newsletter/confirmed')
    expect(await h.t.newsletter.repo.findByEmail(ana.email)).toMatchObject({
      status: 'subscribed',
      confirmedAt: '2025-10-03T08:00:00.000Z',
    })
    // A second click is still a success.
    expect((await request(h.t.app).get(local(confirm!)).expect(303)).headers.location).toBe(
      '/newsletter/confirmed',
    )
  })

  it('refuses expired and tampered links', async () => {
    const { confirm } = linksIn((await signUpAndReadMail()).parts.get('text/plain')!)
    const tampered = confirm!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect((await request(h.t.app).get(local(tampered)).expect(303)).headers.location).toBe(
      '/newsletter/confirmed?status=invalid',
    )
    await request(h.t.app).get('/api/newsletter/confirm').expect(303)
    h.now = new Date('2025-10-08T12:00:01Z')
    expect((await request(h.t.app).get(local(confirm!)).expect(303)).headers.location).toBe(
      '/newsletter/confirmed?status=expired',
    )
    expect((await h.t.newsletter.repo.findByEmail(ana.email))?.status).toBe('pending')
  })

  it('unsubscribes with an RFC 8058 one-click POST to the List-Unsubscribe URL', async () => {
    const mail = await signUpAndReadMail()
    const url = /^<(.+)>$/.exec(mail.headers.get('list-unsubscribe')!)![1]!
    const res = await request(h.t.app)
      .post(local(url))
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200)
    expect(res.body).toEqual({ message: 'You have been unsubscribed.' })
    const gone = await h.t.newsletter.repo.findByEmail(ana.email)
    expect(gone).toMatchObject({ status: 'unsubscribed', unsubscribedAt: '2025-10-01T12:00:00.000Z' })
    // The confirm link from the same mail no longer subscribes them.
    const { confirm } = linksIn(mail.parts.get('text/plain')!)
    expect((await request(h.t.app).get(local(confirm!))).headers.location).toBe(
      '/newsletter/confirmed?status=invalid',
    )
  })

  it('shows people a page with a button (GET never unsubscribes) and sends the form on to a result page', async () => {
    const { unsubscribe } = linksIn((await signUpAndReadMail()).parts.get('text/plain')!)
    const token = new URL(unsubscribe!).searchParams.get('token')!
    const page = await request(h.t.app).get(local(unsubscribe!)).expect(303)
    expect(page.headers.location).toBe(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)
    expect((await h.t.newsletter.repo.findByEmail(ana.email))?.status).toBe('pending')

    const done = await request(h.t.app)
      .post(`/api/newsletter/unsubscribe?token=${token}&from=page`)
      .type('form')
      .send('')
      .expect(303)
    expect(done.headers.location).toBe('/newsletter/unsubscribed')
    expect((await h.t.newsletter.repo.findByEmail(ana.email))?.status).toBe('unsubscribed')

    const bad = await request(h.t.app).post('/api/newsletter/unsubscribe?token=nope&from=page').expect(303)
    expect(bad.headers.location).toBe('/newsletter/unsubscribed?status=invalid')
    await request(h.t.app).post('/api/newsletter/unsubscribe?token=nope').expect(400)
  })

  it('sends a pending address at most one mail per 10 minutes, and none to subscribers', async () => {
    await signUpAndReadMail()
    await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    await h.t.newsletter.service.idle()
    expect(h.smtp.mails).toHaveLength(1)
    h.now = new Date('2025-10-01T12:10:00Z')
    await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    await h.t.newsletter.service.idle()
    await h.smtp.waitFor(2)

    const subscriber = (await h.t.newsletter.repo.findByEmail(ana.email))!
    await h.t.newsletter.repo.confirm(subscriber.id, h.now.toISOString())
    h.now = new Date('2025-10-02T12:00:00Z')
    const res = await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    expect(res.body).toEqual(DOUBLE_OPT_IN)
    await h.t.newsletter.service.idle()
    expect(h.smtp.mails).toHaveLength(2)
  })

  it('sends someone who unsubscribed through opt-in again when they sign up again', async () => {
    const first = await signUpAndReadMail()
    const url = /^<(.+)>$/.exec(first.headers.get('list-unsubscribe')!)![1]!
    await request(h.t.app).post(local(url)).expect(200)
    h.now = new Date('2025-10-05T12:00:00Z')
    await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    await h.t.newsletter.service.idle()
    const [, second] = await h.smtp.waitFor(2)
    expect(await h.t.newsletter.repo.findByEmail(ana.email)).toMatchObject({
      status: 'pending',
      unsubscribedAt: null,
    })
    const { confirm } = linksIn(second!.parts.get('text/plain')!)
    await request(h.t.app).get(local(confirm!)).expect(303)
    expect((await h.t.newsletter.repo.findByEmail(ana.email))?.status).toBe('subscribed')
  })

  it('answers 201 even when the SMTP server is gone, leaving the mail unmarked so the next sign-up retries', async () => {
    await h.smtp.close()
    await request(h.t.app).post('/api/newsletter/subscribe').send(ana).expect(201)
    await h.t.newsletter.service.idle()
    expect((await h.t.newsletter.repo.findByEmail(ana.email))?.confirmationSentAt).toBeNull()
  })
})
