import type { RequestHandler } from 'express'
import request from 'supertest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Principal } from '../content-api/engine'
import { CONSENT_VERSION, consentText, isCleanName } from './subscribe-schema'
import { createNewsletterTestApp, SEED_BAND_NAME } from './testing/newsletter-test-app'

/** Stands in for the content API's authenticate middleware: "Bearer <role>" becomes a user with that role. */
const testAuthenticate: RequestHandler = (req, res, next) => {
  const role = /^Bearer (administrator|editor|viewer)$/.exec(req.get('authorization') ?? '')?.[1]
  const principal: Principal = role
    ? { kind: 'user', userId: `u-${role}`, name: role, email: `${role}@example.com`, role: role as 'editor' }
    : { kind: 'anonymous' }
  res.locals.principal = principal
  next()
}

const ADMIN_TOKEN = 'admin-token-0123456789abcdef'
const people = [
  { firstName: 'Ana', lastName: 'López', email: 'ana@example.com' },
  {
    firstName: '=HYPERLINK("http://evil.example.com")',
    lastName: 'Ramírez, "Beto"',
    email: 'beto@example.com',
  },
  { firstName: 'Carla', lastName: 'Lopez', email: 'carla@example.com' },
]

describe('subscriber admin API', () => {
  let t: Awaited<ReturnType<typeof createNewsletterTestApp>>
  beforeEach(async () => {
    t = await createNewsletterTestApp({
      env: { NEWSLETTER_RATE_LIMIT: '100', NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN },
      authenticate: testAuthenticate,
    })
    for (const person of people) {
      if (isCleanName(person.firstName)) {
        await request(t.app).post('/api/newsletter/subscribe').send(person).expect(201)
        continue
      }
      // The sign-up form refuses names with links now; such a record can still exist from before.
      await t.newsletter.repo.insertIfAbsent({
        ...person,
        status: 'subscribed',
        consentText: consentText(SEED_BAND_NAME),
        consentVersion: CONSENT_VERSION,
        source: 'website-popup',
        ipHash: null,
        at: new Date().toISOString(),
      })
    }
  })
  afterEach(() => t.close())

  const admin = (path: string) => `/api/newsletter/admin${path}`

  it('needs an editor or administrator, or the admin token', async () => {
    await request(t.app).get(admin('/subscribers')).expect(401)
    await request(t.app).get(admin('/subscribers')).set('Authorization', 'Bearer viewer').expect(403)
    await request(t.app).get(admin('/subscribers')).set('Authorization', 'Bearer wrong-token').expect(401)
    await request(t.app).delete(admin('/subscribers/x')).set('Authorization', 'Bearer viewer').expect(403)
    for (const auth of ['Bearer editor', 'Bearer administrator', `Bearer ${ADMIN_TOKEN}`]) {
      const res = await request(t.app).get(admin('/subscribers')).set('Authorization', auth).expect(200)
      expect(res.headers['cache-control']).toBe('no-store')
    }
  })

  it('lists with counts, search, status filter and paging, without IP hashes', async () => {
    const auth = { Authorization: 'Bearer editor' }
    const all = await request(t.app).get(admin('/subscribers?limit=2')).set(auth).expect(200)
    expect(all.body.total).toBe(3)
    expect(all.body.items).toHaveLength(2)
    expect(all.body.counts).toEqual({ pending: 0, subscribed: 3, unsubscribed: 0, all: 3 })
    expect(all.body.items[0]).not.toHaveProperty('ipHash')
    expect(all.body.items[0].language).toBe('en')
    const page2 = await request(t.app).get(admin('/subscribers?limit=2&offset=2')).set(auth).expect(200)
    expect(page2.body.items).toHaveLength(1)

    const search = await request(t.app).get(admin('/subscribers?q=lopez')).set(auth).expect(200)
    expect(search.body.items.map((s: { email: string }) => s.email)).toEqual(['carla@example.com'])
    expect(search.body).toMatchObject({ total: 1, totalCapped: false })
    // Two letters: the start of an address or a name ("ra" is in Carla, and starts Ramírez).
    const short = await request(t.app).get(admin('/subscribers?q=Ra')).set(auth).expect(200)
    expect(short.body.items.map((s: { email: string }) => s.email)).toEqual(['beto@example.com'])

    const ana = (await t.newsletter.repo.findByEmail('ana@example.com'))!
    const un = await request(t.app)
      .post(admin(`/subscribers/${ana.id}/unsubscribe`))
      .set(auth)
      .expect(200)
    expect(un.body.subscriber).toMatchObject({ email: 'ana@example.com', status: 'unsubscribed' })
    const filtered = await request(t.app).get(admin('/subscribers?status=unsubscribed')).set(auth).expect(200)
    expect(filtered.body.items.map((s: { email: string }) => s.email)).toEqual(['ana@example.com'])
    expect(filtered.body.counts).toEqual({ pending: 0, subscribed: 2, unsubscribed: 1, all: 3 })

    await request(t.app).get(admin('/subscribers?status=bogus')).set(auth).expect(400)
    await request(t.app).get(admin('/subscribers?limit=100000')).set(auth).expect(400)
    // A control character in a search term is no one's name or address; the trigram index's query syntax threw
    // on a NUL (500) before the term was checked.
    for (const path of ['/subscribers?q=%00ana', '/subscribers.csv?q=%00ana']) {
      const refused = await request(t.app).get(admin(path)).set(auth).expect(400)
      expect(refused.body.message).toBeTruthy()
    }
    await request(t.app).get(admin('/subscribers?q=ana')).set(auth).expect(200)
  })

  it('shows each subscriber’s areas and language in the list and the CSV export', async () => {
    await t.newsletter.repo.insertIfAbsent({
      firstName: 'Dora',
      lastName: 'Ruiz',
      email: 'dora@example.com',
      status: 'subscribed',
      consentText: consentText(SEED_BAND_NAME),
      consentVersion: CONSENT_VERSION,
      source: 'website-popup',
      ipHash: null,
      at: new Date().toISOString(),
      areas: ['bay-area', 'arizona'],
      language: 'es',
    })
    const auth = { Authorization: 'Bearer editor' }
    const listed = await request(t.app).get(admin('/subscribers?q=dora')).set(auth).expect(200)
    expect(listed.body.items).toEqual([
      expect.objectContaining({ email: 'dora@example.com', areas: ['arizona', 'bay-area'], language: 'es' }),
    ])
    const everywhere = await request(t.app).get(admin('/subscribers?q=carla')).set(auth).expect(200)
    expect(everywhere.body.items[0]).toMatchObject({ areas: [], language: 'en' })
    const csv = await request(t.app).get(admin('/subscribers.csv?q=dora')).set(auth).expect(200)
    const dora = String(csv.text)
      .split('\r\n')
      .find((line) => line.startsWith('"dora@'))!
    expect(dora).toMatch(/,"arizona bay-area","es"$/)
  })

  it('exports CSV with a BOM, quoting and defused formulas', async () => {
    const res = await request(t.app)
      .get(admin('/subscribers.csv?status=subscribed'))
      .set('Authorization', `Bearer ${ADMIN_TOKEN}`)
      .buffer(true)
      .parse((response, callback) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => callback(null, Buffer.concat(chunks)))
      })
      .expect(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="?subscribers-subscribed-\d{4}-\d\d-\d\d\.csv"?$/,
    )
    const body = res.body as Buffer
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = body.toString('utf8').slice(1).split('\r\n')
    expect(lines[0]).toBe(
      '"email","first_name","last_name","status","created_at","confirmed_at","unsubscribed_at","consent_version","source","areas","language"',
    )
    expect(lines).toHaveLength(5)
    const beto = lines.find((line) => line.startsWith('"beto@'))!
    expect(beto).toContain(`"'=HYPERLINK(""http://evil.example.com"")","Ramírez, ""Beto""","subscribed"`)
    // The language of their mail, last (a sign-up without one is English).
    expect(beto).toMatch(/,"en"$/)
    expect(body.toString('utf8')).toContain('López')
  })

  it('erases a subscriber, and answers 404 for unknown ones', async () => {
    const ana = (await t.newsletter.repo.findByEmail('ana@example.com'))!
    const auth = { Authorization: 'Bearer administrator' }
    await request(t.app)
      .delete(admin(`/subscribers/${ana.id}`))
      .set(auth)
      .expect(204)
    expect(await t.newsletter.repo.findById(ana.id)).toBeNull()
    await request(t.app)
      .delete(admin(`/subscribers/${ana.id}`))
      .set(auth)
      .expect(404)
    await request(t.app).post(admin('/subscribers/nope/unsubscribe')).set(auth).expect(404)
  })
})
