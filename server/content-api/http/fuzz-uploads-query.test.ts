import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

/**
 * Property-based fuzz of asset uploads and the query endpoint (ADR 080), 1,000 generated inputs each: no
 * answer is a 5xx, the server keeps answering, and every accepted upload is readable afterwards. Mutate and
 * actions are fuzzed in fuzz-writes.test.ts.
 */
let t: EdgeTestServer
let token: string
const RUNS = 1000

beforeAll(async () => {
  // A short time limit keeps 1,000 queries fast; the limit itself is tested in query-limits.test.ts.
  t = await startEdgeTestServer({ QUERY_TIMEOUT_MS: '500' })
  token = t.accounts.apiTokens.create({ label: 'fuzz', role: 'editor' }).token
  await t.store.commit('production', { author: 'fuzz' }, (ws) => {
    for (let i = 0; i < 30; i++) ws.apply(`song${i}`, { create: { _id: `song${i}`, _type: 'song', n: i } })
  })
})
afterAll(() => t.close())

async function send(path: string, body: BodyInit, contentType: string, query = '', auth = true) {
  const res = await fetch(`${t.url}/content/v2025-02-19/${path}${query}`, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-forwarded-for': '203.0.113.50',
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  })
  return { status: res.status, text: await res.text() }
}

/** GROQ-ish text: real tokens in random order and nesting, plus plain junk. */
const groqToken = fc.constantFrom(
  '*',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '|',
  '||',
  '&&',
  '+',
  '==',
  '!=',
  '>',
  '->',
  '.',
  ',',
  ':',
  '^',
  '@',
  '_id',
  '_type',
  '"song"',
  '$p',
  'count',
  'order',
  'select',
  'coalesce',
  'defined',
  'match',
  'in',
  '..',
  '...',
  '0',
  '1',
  '-1',
  'true',
  'null',
  'score',
  'boost',
  'pt::text',
  'now()',
  '//',
  '\n',
  ' ',
)
const nestedCounts = (n: number) => `${'count(*['.repeat(n)}true${'])'.repeat(n)}`
const groq = fc.oneof(
  { weight: 4, arbitrary: fc.array(groqToken, { maxLength: 40 }).map((tokens) => tokens.join(' ')) },
  { weight: 2, arbitrary: fc.string({ maxLength: 200 }) },
  // Nested subqueries: shallow ones run, deep ones are refused before parsing.
  {
    weight: 1,
    arbitrary: fc
      .oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 201, max: 3000 }))
      .map(nestedCounts),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 150, max: 400 })
      .map((n) => `*[${Array.from({ length: n }, (_, i) => `_id == "x${i}"`).join(' || ')}]`),
  },
)
const params = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 })),
  fc
    .integer({ min: 1, max: 500 })
    .map((n) => ({ p: JSON.parse(`${'['.repeat(n)}1${']'.repeat(n)}`) as unknown })),
  fc.jsonValue({ maxDepth: 2 }),
)

describe('fuzzing uploads and queries', () => {
  it('query: 1,000 generated queries and parameters, anonymous and signed in, GET and POST, no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(groq, params, fc.boolean(), fc.boolean(), async (query, p, post, auth) => {
        let status: number
        if (post) {
          status = (
            await send(
              'data/query/production',
              JSON.stringify({ query, params: p }),
              'application/json',
              '',
              auth,
            )
          ).status
        } else {
          const search = new URLSearchParams({ query })
          if (p && typeof p === 'object' && !Array.isArray(p)) {
            for (const [name, v] of Object.entries(p)) search.set(`$${name}`, JSON.stringify(v) ?? 'null')
          }
          const res = await fetch(`${t.url}/content/v2025-02-19/data/query/production?${search}`, {
            headers: {
              'x-forwarded-for': '203.0.113.51',
              ...(auth ? { authorization: `Bearer ${token}` } : {}),
            },
          })
          await res.arrayBuffer()
          status = res.status
        }
        expect(status).toBeLessThan(500)
      }),
      { numRuns: RUNS },
    )
    const res = await fetch(
      `${t.url}/content/v2025-02-19/data/query/production?query=count(*[_type=="song"])`,
    )
    expect(await res.json()).toMatchObject({ result: 30 })
  }, 60_000)

  it('asset uploads: 1,000 generated inputs, no 5xx, accepted assets readable', async () => {
    const upload = fc.record({
      kind: fc.constantFrom('images', 'files'),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 512 }),
        fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
      ),
      contentType: fc.constantFrom(
        'image/png',
        'image/jpeg',
        'image/svg+xml',
        'application/octet-stream',
        '',
      ),
      filename: fc.string({ maxLength: 40 }),
    })
    const assetIds: string[] = []
    await fc.assert(
      fc.asyncProperty(upload, async ({ kind, bytes, contentType, filename }) => {
        const { status, text } = await send(
          `assets/${kind}/production`,
          bytes,
          contentType,
          `?filename=${encodeURIComponent(filename)}`,
        )
        expect(status).toBeLessThan(500)
        if (status === 200) assetIds.push((JSON.parse(text) as { document: { _id: string } }).document._id)
      }),
      { numRuns: RUNS },
    )
    for (const assetId of assetIds) expect(t.store.dataset('production').get(assetId)).not.toBeNull()
    const health = await fetch(`${t.url}/healthz`)
    expect(health.status).toBe(200)
  }, 60_000)
})
