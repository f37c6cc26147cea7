import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SubscriberPreferences } from '../newsletter/subscriber-preferences'
import { signUpAndConfirm, startAlertsHarness, type AlertsHarness } from './testing/alerts-harness'
import { area, show } from './testing/show-docs'
import { ALERT_STORES } from './testing/stores'

/**
 * Property-based fuzz (ADR 080) of the preferences page and the alerts' admin endpoints: generated bodies,
 * tokens and query strings, valid and not, huge and nested. No 5xx; every refusal is a 4xx with a JSON
 * message; a choice the server acknowledged is the one stored, and a refused one changes nothing.
 */
const ADMIN_TOKEN = 'alerts-fuzz-test-admin-token-0123456789'
const SLUGS = ['southern-california', 'bay-area', 'arizona']

let harness: AlertsHarness
let fanId: string
let token: string
let draftShowId: string

/** The harness on `store`, with three areas, one confirmed fan of the Bay Area and a draft show. */
async function start(store: (typeof ALERT_STORES)[keyof typeof ALERT_STORES]) {
  const opened = await store()
  harness = await startAlertsHarness({ ...opened.env, NEWSLETTER_ADMIN_TOKEN: ADMIN_TOKEN })
  await harness.publish(
    area('southern-california', 'Southern California'),
    area('bay-area', 'Bay Area'),
    area('arizona', 'Arizona'),
  )
  await signUpAndConfirm(harness, { email: 'fuzz@example.com', areas: ['bay-area'] })
  fanId = (await harness.newsletter.repo.findByEmail('fuzz@example.com'))!.id
  token = harness.newsletter.tokens.sign('preferences', fanId)
  const draft = show('arizona', { venue: 'Fuzz Theatre' })
  draftShowId = draft._id
  await harness.publish({ ...draft, _id: `drafts.${draft._id}` })
  return opened.drop
}

/** A 4xx answer says why, in JSON. */
async function expectJsonRefusal(res: Response) {
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
  expect(res.headers.get('content-type')).toMatch(/application\/json/)
  expect(typeof ((await res.json()) as { message?: unknown }).message).toBe('string')
}

const slug = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SLUGS) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom(
        'atlantis',
        'BAY-AREA',
        '',
        '-x',
        'a'.repeat(97),
        'bay-area\u0000',
        "'; DROP TABLE x;--",
      ),
    ),
  },
)
const choice = fc.record(
  {
    areas: fc.oneof(fc.array(slug, { maxLength: 25 }), slug, fc.jsonValue({ maxDepth: 2 })),
    language: fc.oneof(fc.constantFrom('en', 'es'), fc.string({ maxLength: 5 }), fc.integer()),
  },
  { requiredKeys: [] },
)
const formBody = (body: Record<string, unknown>) => {
  const form = new URLSearchParams()
  for (const value of [body.areas].flat()) if (typeof value === 'string') form.append('areas', value)
  if (typeof body.language === 'string') form.append('language', body.language)
  return form.toString()
}
const post = fc.oneof(
  { weight: 4, arbitrary: choice.map((body) => ({ type: 'application/json', body: JSON.stringify(body) })) },
  {
    weight: 3,
    arbitrary: choice.map((body) => ({ type: 'application/x-www-form-urlencoded', body: formBody(body) })),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((body) => ({ type: 'application/json', body })) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 2, max: 3000 }).map((n) => ({
      type: 'application/json',
      body: `{"areas": ${'['.repeat(n)}"bay-area"${']'.repeat(n)}}`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 5_000, max: 2_000_000 }).map((n) => ({
      type: fc.sample(fc.constantFrom('application/json', 'application/x-www-form-urlencoded'), 1)[0]!,
      body: `areas=${'a'.repeat(n)}`,
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 51, max: 2000 }).map((n) => ({
      type: 'application/x-www-form-urlencoded',
      body: Array.from({ length: n }, (_, i) => `areas=x${i}`).join('&'),
    })),
  },
)
const tokenValue = fc.oneof(
  { weight: 6, arbitrary: fc.constant(() => token) },
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.string({ maxLength: 80 }), fc.constantFrom('', 'x'.repeat(10_000), '%00'))
      .map((bad) => () => bad),
  },
  { weight: 1, arbitrary: fc.constant(() => `${token.slice(0, -2)}zz`) },
)

const url = (path: string) => `${harness.url}/api/newsletter${path}`
const preferencesUrl = (tokenText: string) => url(`/preferences?token=${encodeURIComponent(tokenText)}`)

describe.each(Object.entries(ALERT_STORES))('show alerts under generated input (%s)', (_name, store) => {
  let drop: () => Promise<void>
  beforeAll(async () => {
    drop = await start(store)
  }, 30_000)
  afterAll(async () => {
    await harness.close()
    await drop()
  })

  describe('fuzzing the show alert preferences page', () => {
    it('answers 600 generated choices without a 5xx, keeps exactly what it acknowledged', async () => {
      let stored: SubscriberPreferences = { areas: ['bay-area'], language: 'en' }
      await fc.assert(
        fc.asyncProperty(post, tokenValue, async (sent, tokenOf) => {
          const res = await fetch(preferencesUrl(tokenOf()), {
            method: 'POST',
            headers: { 'content-type': sent.type },
            body: sent.body,
            redirect: 'manual',
          })
          if (res.status === 200) stored = (await res.json()) as SubscriberPreferences
          else if (res.status === 303) stored = (await harness.newsletter.repo.preferences(fanId))!
          else await expectJsonRefusal(res)
          expect(await harness.newsletter.repo.preferences(fanId)).toEqual(stored)
          for (const slugStored of stored.areas) expect(SLUGS).toContain(slugStored)
        }),
        { numRuns: 600 },
      )
    }, 120_000)

    it('answers a page request with any token or query without a 5xx, in JSON when JSON is asked for', async () => {
      const query = fc.oneof(
        fc.string({ maxLength: 100 }).map((t) => `token=${encodeURIComponent(t)}`),
        fc.constantFrom('', 'token', 'token[]=a&token[]=b', 'token[a]=b', `token=${'x'.repeat(12_000)}`),
      )
      await fc.assert(
        fc.asyncProperty(query, async (q) => {
          const res = await fetch(url(`/preferences?${q}`), { headers: { Accept: 'application/json' } })
          await expectJsonRefusal(res)
        }),
        { numRuns: 200 },
      )
    }, 60_000)

    it('keeps one whole choice when 40 arrive at once', async () => {
      const choices = Array.from({ length: 40 }, (_, i) => ({
        areas: SLUGS.filter((_, j) => (i >> j) & 1),
        language: i % 2 ? 'es' : 'en',
      }))
      const answers = await Promise.all(
        choices.map((body) =>
          fetch(preferencesUrl(token), {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }),
        ),
      )
      expect(answers.map((res) => res.status)).toEqual(choices.map(() => 200))
      const final = await harness.newsletter.repo.preferences(fanId)
      expect(choices.map((c) => ({ areas: [...c.areas].sort(), language: c.language }))).toContainEqual(final)
    })
  })

  describe('fuzzing the show alerts admin endpoints', () => {
    const auth = { Authorization: `Bearer ${ADMIN_TOKEN}`, Accept: 'application/json' }

    it('answers 400 generated preview and overview requests without a 5xx', async () => {
      const showParam = fc.oneof(
        fc.string({ maxLength: 60 }).map((s) => `show=${encodeURIComponent(s)}`),
        fc.constantFrom(
          '',
          'show',
          'show[]=a&show[]=b',
          'show[x]=1',
          `show=${'x'.repeat(12_000)}`,
          'show=drafts.',
          'show=%00',
          'show=..%2F..%2Fetc',
        ),
        fc.constant(() => `show=${draftShowId}`).map((f) => f()),
      )
      await fc.assert(
        fc.asyncProperty(showParam, fc.boolean(), async (q, overview) => {
          const res = await fetch(url(`/admin/alerts${overview ? '' : '/preview'}?${q}`), { headers: auth })
          if (res.status === 200) {
            const body = (await res.json()) as Record<string, unknown>
            expect(overview ? body.outbox : body.subject).toBeDefined()
          } else await expectJsonRefusal(res)
        }),
        { numRuns: 400 },
      )
    }, 60_000)

    it('refuses every request without admin rights in JSON, whatever it carries', async () => {
      const header = fc.oneof(
        fc.constant(undefined),
        fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
        fc.constantFrom(
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          `Bearer ${ADMIN_TOKEN}x`,
          `Bearer ${'a'.repeat(8000)}`,
        ),
      )
      await fc.assert(
        fc.asyncProperty(header, fc.constantFrom('', '/preview?show=x'), async (value, path) => {
          const headers: Record<string, string> = { Accept: 'application/json' }
          if (value !== undefined) headers.Authorization = value.replace(/[^\t\x20-\x7e]/g, '?')
          await expectJsonRefusal(await fetch(url(`/admin/alerts${path}`), { headers }))
        }),
        { numRuns: 200 },
      )
    }, 60_000)
  })
})
