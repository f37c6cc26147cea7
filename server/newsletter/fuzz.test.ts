import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HONEYPOT_FIELD, SubscribeSchema } from './subscribe-schema'
import { createNewsletterTestApp } from './testing/newsletter-test-app'

/**
 * Property-based fuzz of the sign-up endpoint (ADR 080): 1,000 generated inputs, valid and not. No 5xx, and
 * every sign-up the server acknowledged (201, honeypot empty, valid by the shared schema) is stored.
 */
let app: Awaited<ReturnType<typeof createNewsletterTestApp>>
let server: Server
let url: string

beforeAll(async () => {
  app = await createNewsletterTestApp({ env: { NEWSLETTER_RATE_LIMIT: '1000000' } })
  server = app.app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/newsletter/subscribe`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await app.close()
})

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    'Ana',
    'José\r\nBcc: x@example.com',
    'x'.repeat(101),
    ' ',
    '<script>',
    'https://spam.example',
  ),
)
const email = fc.oneof(
  fc.emailAddress(),
  fc.string({ maxLength: 40 }),
  fc.constant('a'.repeat(250) + '@x.io'),
)
const signUp = fc.record(
  { firstName: text, lastName: text, email, [HONEYPOT_FIELD]: fc.oneof(fc.constant(''), fc.string()) },
  { requiredKeys: [] },
)
/** Sign-ups a person would send: these must all be stored. */
const person = fc.record({
  firstName: fc.constantFrom('Ana', 'José', 'Zoë', 'Mary-Jo', 'Ñandú'),
  lastName: fc.constantFrom('López', "O'Brien", 'van der Berg', 'Ruiz'),
  email: fc
    .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}$/), fc.constantFrom('example.com', 'Band.Example.org'))
    .map(([local, domain]) => `${local}@${domain}`),
})
const deep = fc.integer({ min: 2, max: 2000 }).map((n) => `{"firstName": ${'['.repeat(n)}1${']'.repeat(n)}}`)
const request = fc.oneof(
  {
    weight: 5,
    arbitrary: signUp.map((body) => ({ body: JSON.stringify(body), type: 'application/json', body0: body })),
  },
  {
    weight: 2,
    arbitrary: person.map((body) => ({ body: JSON.stringify(body), type: 'application/json', body0: body })),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue({ maxDepth: 3 })
      .map((v) => ({ body: JSON.stringify(v), type: 'application/json' })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((body) => ({ body, type: 'application/json' })) },
  { weight: 1, arbitrary: deep.map((body) => ({ body, type: 'application/json' })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 100 }).map((body) => ({ body, type: 'text/plain' })) },
)

describe('fuzzing the newsletter sign-up', () => {
  it('answers 1,000 generated inputs without a 5xx and stores every acknowledged sign-up', async () => {
    const acknowledged: string[] = []
    let client = 0
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': sent.type, 'x-forwarded-for': `10.9.${client >> 8}.${client++ & 255}` },
          body: sent.body,
        })
        expect(res.status).toBeLessThan(500)
        const body0 = 'body0' in sent ? (sent.body0 as Record<string, unknown>) : undefined
        if (res.status === 201 && body0 && !body0[HONEYPOT_FIELD]) {
          const parsed = SubscribeSchema.safeParse(body0)
          expect(parsed.success).toBe(true)
          if (parsed.success) acknowledged.push(parsed.data.email)
        }
      }),
      { numRuns: 1000 },
    )
    expect(acknowledged.length).toBeGreaterThan(10)
    for (const address of acknowledged) {
      expect({ address, stored: (await app.newsletter.repo.findByEmail(address)) !== null }).toEqual({
        address,
        stored: true,
      })
    }
  }, 60_000)
})
