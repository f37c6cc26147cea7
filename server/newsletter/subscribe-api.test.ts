import request from 'supertest'
import { afterEach, describe, expect, it } from 'vitest'
import { CONSENT_VERSION, consentText } from './subscribe-schema'
import { createNewsletterTestApp, SEED_BAND_NAME } from './testing/newsletter-test-app'

const ana = { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' }
const SINGLE_OPT_IN = { message: "Thanks for signing up! You're on the list." }

describe('POST /api/newsletter/subscribe', () => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })
  async function setup(env: Record<string, string> = {}) {
    const t = await createNewsletterTestApp({ env: { NEWSLETTER_RATE_LIMIT: '1000', ...env } })
    close = t.close
    return t
  }

  it('records a new sign-up (single opt-in without SMTP) with consent, source and a hashed IP', async () => {
    const { app, newsletter } = await setup()
    const res = await request(app)
      .post('/api/newsletter/subscribe')
      .send({ firstName: '  Ana ', lastName: 'López  ', email: ' Ana@Example.com ' })
      .expect(201)
    expect(res.body).toEqual(SINGLE_OPT_IN)
    expect(res.headers['cache-control']).toBe('no-store')
    const stored = await newsletter.repo.findByEmail('ana@example.com')
    expect(stored).toMatchObject({
      email: 'Ana@Example.com',
      firstName: 'Ana',
      lastName: 'López',
      status: 'subscribed',
      consentText: consentText(SEED_BAND_NAME),
      consentVersion: CONSENT_VERSION,
      source: 'website-popup',
    })
    expect(stored?.confirmedAt).toBeTruthy()
    expect(stored?.ipHash).toMatch(/^[\w-]{22}$/)
    expect(JSON.stringify(stored)).not.toContain('127.0.0.1')
  })

  it('answers a repeat sign-up exactly like a new one and keeps one record', async () => {
    const { app, newsletter } = await setup()
    const first = await request(app).post('/api/newsletter/subscribe').send(ana).expect(201)
    const again = await request(app)
      .post('/api/newsletter/subscribe')
      .send({ ...ana, email: 'ANA@example.COM' })
      .expect(201)
    expect(again.body).toEqual(first.body)
    expect((await newsletter.repo.list({ limit: 10, offset: 0 })).total).toBe(1)
  })

  it.each([
    ['a missing field', { firstName: 'Ana', lastName: 'López' }, ['email']],
    ['empty strings', { firstName: '', lastName: '', email: '' }, ['firstName', 'lastName', 'email']],
    ['whitespace only', { ...ana, firstName: '   ' }, ['firstName']],
    ['a bad e-mail', { ...ana, email: 'ana@' }, ['email']],
    ['an e-mail without a domain dot', { ...ana, email: 'ana@localhost' }, ['email']],
    ['wrong types', { firstName: 1, lastName: ['x'], email: { a: 1 } }, ['firstName', 'lastName', 'email']],
    ['too long names', { ...ana, firstName: 'x'.repeat(101) }, ['firstName']],
    ['a too long e-mail', { ...ana, email: `${'a'.repeat(250)}@example.com` }, ['email']],
    ['a non-string honeypot', { ...ana, website: 5 }, ['website']],
  ])('rejects %s with 400 {message, issues}', async (_name, body, paths) => {
    const { app, newsletter } = await setup()
    const res = await request(app).post('/api/newsletter/subscribe').send(body).expect(400)
    expect(res.body.message).toBe('Please check the sign-up form')
    expect(res.body.issues.map((i: { path: string }) => i.path).sort()).toEqual([...paths].sort())
    expect((await newsletter.repo.countByStatus()).subscribed).toBe(0)
  })

  it.each([
    ['a first name with CR/LF', { ...ana, firstName: 'Ana\r\nBcc: everyone@example.com' }, ['firstName']],
    ['a first name with a link', { ...ana, firstName: 'Win at https://spam.example' }, ['firstName']],
    ['a last name with a bare domain', { ...ana, lastName: 'cheap-pills.com' }, ['lastName']],
    ['a last name with an ideographic dot (issue 36)', { ...ana, lastName: 'evil。com' }, ['lastName']],
  ])('refuses %s with 400 and a message that says why', async (_name, body, paths) => {
    const { app, newsletter } = await setup()
    const res = await request(app).post('/api/newsletter/subscribe').send(body).expect(400)
    expect(res.body.message).toBe(
      'Please check the sign-up form. Names cannot contain line breaks or web addresses.',
    )
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(paths)
    expect((await newsletter.repo.countByStatus()).subscribed).toBe(0)
  })

  it.each([
    ['an array', '[]'],
    ['null', 'null'],
    ['a string', '"hi"'],
    ['broken JSON', '{"firstName": "Ana",'],
  ])('rejects %s as the body with 400', async (_name, raw) => {
    const { app } = await setup()
    const res = await request(app)
      .post('/api/newsletter/subscribe')
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(400)
    expect(typeof res.body.message).toBe('string')
  })

  it.each([
    ['text/plain', 'text/plain', JSON.stringify(ana)],
    ['a form', 'application/x-www-form-urlencoded', 'firstName=Ana&lastName=L&email=ana%40example.com'],
    ['multipart', 'multipart/form-data; boundary=x', '--x--'],
  ])('answers %s with 415', async (_name, type, body) => {
    const { app } = await setup()
    const res = await request(app).post('/api/newsletter/subscribe').set('Content-Type', type).send(body)
    expect(res.status).toBe(415)
    expect(res.body.message).toMatch(/application\/json/)
  })

  it('answers a body without a content type with 415', async () => {
    const { app } = await setup()
    await request(app).post('/api/newsletter/subscribe').expect(415)
  })

  it('answers a large body with 413 and an unsupported charset with 415', async () => {
    const { app } = await setup()
    await request(app)
      .post('/api/newsletter/subscribe')
      .send({ ...ana, firstName: 'x'.repeat(5000) })
      .expect(413)
    await request(app)
      .post('/api/newsletter/subscribe')
      .set('Content-Type', 'application/json; charset=koi8-r')
      .send(JSON.stringify(ana))
      .expect(415)
  })

  it('ignores __proto__ and other extra keys without polluting anything', async () => {
    const { app, newsletter } = await setup()
    const raw = `{"firstName":"Ana","lastName":"López","email":"ana@example.com","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"isAdmin":true}`
    await request(app)
      .post('/api/newsletter/subscribe')
      .set('Content-Type', 'application/json')
      .send(raw)
      .expect(201)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const stored = await newsletter.repo.findByEmail('ana@example.com')
    expect(stored).not.toHaveProperty('isAdmin')
    expect(stored?.firstName).toBe('Ana')
  })

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const { app, newsletter } = await setup()
    const res = await request(app)
      .post('/api/newsletter/subscribe')
      .send({ ...ana, website: 'https://spam.example.com' })
      .expect(201)
    expect(res.body).toEqual(SINGLE_OPT_IN)
    expect(await newsletter.repo.findByEmail(ana.email)).toBeNull()
    // An empty honeypot is a person whose browser sent the field anyway.
    await request(app)
      .post('/api/newsletter/subscribe')
      .send({ ...ana, website: '' })
      .expect(201)
    expect(await newsletter.repo.findByEmail(ana.email)).not.toBeNull()
  })

  it('limits sign-up attempts per IP per minute with 429 and Retry-After', async () => {
    const { app } = await setup({ NEWSLETTER_RATE_LIMIT: '3' })
    for (let i = 0; i < 3; i++) {
      await request(app)
        .post('/api/newsletter/subscribe')
        .send({ ...ana, email: `fan${i}@example.com` })
        .expect(201)
    }
    // Invalid attempts count too, and are refused before they are read.
    const limited = await request(app).post('/api/newsletter/subscribe').send({}).expect(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60)
    expect(limited.body.message).toMatch(/try again/)
    // Another client (behind the trusted loopback proxy) has its own budget.
    await request(app)
      .post('/api/newsletter/subscribe')
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ ...ana, email: 'other@example.com' })
      .expect(201)
  })

  it('defaults to 5 sign-ups per minute', async () => {
    const { app } = await setup({ NEWSLETTER_RATE_LIMIT: '' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const res = await request(app)
        .post('/api/newsletter/subscribe')
        .send({ ...ana, email: `fan${i}@example.com` })
      statuses.push(res.status)
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
  })

  it('answers other methods and paths under /api/newsletter with JSON 404', async () => {
    const { app } = await setup()
    await request(app).get('/api/newsletter/subscribe').expect(404)
    await request(app).get('/api/newsletter/nope').expect(404)
  })
})
