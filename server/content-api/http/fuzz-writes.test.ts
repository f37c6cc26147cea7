import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startEdgeTestServer, type EdgeTestServer } from '../testing/edge-test-server'

/**
 * Property-based fuzz of the content API's write endpoints (ADR 080): 1,000 generated malformed or odd inputs
 * each. No answer is a 5xx, the server keeps answering, and every write it accepted is readable afterwards.
 */
let t: EdgeTestServer
let token: string
const RUNS = 1000

beforeAll(async () => {
  t = await startEdgeTestServer()
  token = t.accounts.apiTokens.create({ label: 'fuzz', role: 'editor' }).token
})
afterAll(() => t.close())

type Sent = { body: string | Uint8Array; contentType: string }

async function send(path: string, { body, contentType }: Sent, query = '') {
  const res = await fetch(`${t.url}/content/v2025-02-19/${path}${query}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    body: body as BodyInit,
  })
  const text = await res.text()
  return { status: res.status, text }
}

/** Ids: valid ones, drafts, versions, and junk (dots, spaces, very long, empty). */
const id = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9-]{0,12}$/),
  fc.stringMatching(/^drafts\.[a-z][a-z0-9]{0,8}$/),
  fc.stringMatching(/^versions\.r[a-z]{1,4}\.[a-z]{1,6}$/),
  fc.string({ maxLength: 20 }),
  fc.constant('x'.repeat(300)),
)
const deep = fc.integer({ min: 1, max: 3000 }).map((n) => `${'['.repeat(n)}0${']'.repeat(n)}`)
const value = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  deep.map((d) => JSON.parse(d) as unknown),
)
const doc = fc.record(
  { _id: id, _type: fc.oneof(fc.string({ maxLength: 10 }), fc.constant('song')), title: value, n: value },
  { requiredKeys: [] },
)
const mutation = fc.oneof(
  fc.record({ create: doc }),
  fc.record({ createOrReplace: doc }),
  fc.record({ createIfNotExists: doc }),
  fc.record({ delete: fc.oneof(fc.record({ id }), fc.record({ query: fc.string({ maxLength: 30 }) })) }),
  fc.record({
    patch: fc.record(
      {
        id,
        set: fc.dictionary(fc.string({ maxLength: 12 }), value),
        unset: fc.array(fc.string()),
        inc: value,
      },
      { requiredKeys: [] },
    ),
  }),
  fc.jsonValue({ maxDepth: 3 }),
)
/** Raw bodies: broken JSON, any JSON, deeply nested JSON, odd content types. */
function bodies(shaped: fc.Arbitrary<unknown>): fc.Arbitrary<Sent> {
  const json = (body: string) => ({ body, contentType: 'application/json' })
  return fc.oneof(
    { weight: 4, arbitrary: shaped.map((v) => json(JSON.stringify(v))) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map(json) },
    { weight: 1, arbitrary: shaped.map((v) => json(JSON.stringify(v).slice(0, -1))) },
    { weight: 1, arbitrary: deep.map((d) => json(`{"mutations": [{"create": {"_type": "x", "v": ${d}}}]}`)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.uint8Array({ maxLength: 200 }), fc.constantFrom('text/plain', 'application/xml', ''))
        .map(([body, contentType]) => ({ body, contentType })),
    },
  )
}

/** The last accepted state of each document a write touched: its revision, or null once deleted. */
const accepted = new Map<string, string | null>()

async function expectAcceptedReadable() {
  for (const [docId, rev] of accepted) {
    const res = await fetch(`${t.url}/content/v2025-02-19/data/doc/production/${encodeURIComponent(docId)}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    const answer = (await res.json()) as { documents?: { _rev: string }[] }
    // The whole answer when it holds no documents: a write accepted an id this read refuses.
    expect(
      answer.documents,
      `GET of ${JSON.stringify(docId)}: ${res.status} ${JSON.stringify(answer)}`,
    ).toBeDefined()
    expect({ docId, rev: answer.documents![0]?._rev ?? null }).toEqual({ docId, rev })
  }
}

describe('fuzzing the write endpoints', () => {
  // Each test (and each retry) checks only what it wrote.
  beforeEach(() => accepted.clear())

  it('mutate: 1,000 generated inputs, no 5xx, accepted writes readable', async () => {
    const transaction = fc.record({ mutations: fc.array(mutation, { maxLength: 4 }) }, { requiredKeys: [] })
    await fc.assert(
      fc.asyncProperty(bodies(transaction), fc.boolean(), async (sent, returnDocuments) => {
        const { status, text } = await send(
          'data/mutate/production',
          sent,
          returnDocuments ? '?returnDocuments=true' : '',
        )
        expect(status).toBeLessThan(500)
        if (status !== 200) return
        const { transactionId, results } = JSON.parse(text) as {
          transactionId: string
          results: { id: string; operation: string }[]
        }
        for (const { id: docId, operation } of results) {
          if (operation === 'none') continue
          accepted.set(docId, operation === 'delete' ? null : transactionId)
        }
      }),
      { numRuns: RUNS },
    )
    await expectAcceptedReadable()
  }, 60_000)

  it('actions: 1,000 generated inputs, no 5xx, accepted writes readable', async () => {
    const actionType = fc.constantFrom(
      ...['create', 'edit', 'publish', 'unpublish', 'delete', 'discard', 'replaceDraft'].map(
        (a) => `sanity.action.document.${a}`,
      ),
      'sanity.action.release.create',
      'nope',
    )
    const action = fc.record(
      {
        actionType,
        draftId: id,
        publishedId: id,
        attributes: doc,
        patch: fc.record({ set: fc.dictionary(fc.string({ maxLength: 8 }), value) }, { requiredKeys: [] }),
      },
      { requiredKeys: ['actionType'] },
    )
    const request = fc.record(
      { actions: fc.oneof(fc.array(action, { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })) },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(bodies(request), async (sent) => {
        const { status, text } = await send('data/actions/production', sent)
        expect(status).toBeLessThan(500)
        if (status !== 200) return
        const { transactionId } = JSON.parse(text) as { transactionId: string }
        // Whatever the actions touched carries the transaction's revision (or was deleted by it).
        const touched = t.store.transactionInfo('production', transactionId)
        expect(touched).not.toBeNull()
      }),
      { numRuns: RUNS },
    )
    await expectAcceptedReadable()
  }, 60_000)
})
