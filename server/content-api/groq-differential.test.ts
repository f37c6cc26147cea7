import { evaluate, parse } from 'groq-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CORPUS_DOCUMENTS, CORPUS_PARAMS, CORPUS_PERSPECTIVES, CORPUS_QUERIES } from './testing/groq-corpus'
import { startTestContentServer, type TestContentServer } from './testing/test-server'

/**
 * Differential test (ADR 140): every corpus query is answered by the content API over HTTP (the official
 * client, query workers, scan narrowing, result cache, perspectives) and by groq-js in-process over the same
 * documents, with the perspective applied here from Sanity's documented rules; the answers must be equal.
 */
let t: TestContentServer
let stored: Record<string, unknown>[]

beforeAll(async () => {
  t = await startTestContentServer()
  const transaction = t.client('admin').transaction()
  for (const doc of CORPUS_DOCUMENTS) transaction.createOrReplace(doc as never)
  await transaction.commit()
  // The stored documents in the server's order, with the _rev and timestamps it gave them.
  stored = await t.client('admin').fetch('*', {}, { perspective: 'raw' })
}, 60_000)
afterAll(() => t.close())

type Doc = Record<string, unknown> & { _id: string }

function baseAndLayer(id: string): [string, string | null] {
  if (id.startsWith('drafts.')) return [id.slice('drafts.'.length), 'drafts']
  if (id.startsWith('versions.')) {
    const [, release, ...rest] = id.split('.')
    return [rest.join('.'), release!]
  }
  return [id, null]
}

/**
 * Sanity's perspectives: raw as stored; published without drafts and versions; a stack overlays its layers.
 * Every view is in `_id` order, the order of `*` (the stored documents come from a `*` query, so they are).
 */
function perspectiveView(docs: Doc[], perspective: string): Doc[] {
  if (perspective === 'raw') return docs
  if (perspective === 'published') return docs.filter((doc) => baseAndLayer(doc._id)[1] === null)
  const layers = perspective.split(',')
  const best = new Map<string, { doc: Doc; rank: number }>()
  for (const doc of docs) {
    const [base, layer] = baseAndLayer(doc._id)
    const rank = layer === null ? layers.length : layers.indexOf(layer)
    if (rank < 0) continue
    const current = best.get(base)
    if (!current || rank < current.rank) best.set(base, { doc, rank })
  }
  return [...best]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([base, { doc }]) => ({ ...doc, _id: base, _originalId: doc._id }))
}

async function inProcess(query: string, perspective: string): Promise<{ result?: unknown; error?: true }> {
  try {
    const tree = parse(query, { params: CORPUS_PARAMS })
    const value = await evaluate(tree, {
      dataset: perspectiveView(stored as Doc[], perspective),
      params: CORPUS_PARAMS,
    })
    return { result: await value.get() }
  } catch {
    return { error: true }
  }
}

async function overHttp(query: string, perspective: string): Promise<{ result?: unknown; error?: true }> {
  try {
    const result: unknown = await t
      .client('admin')
      .fetch(query, CORPUS_PARAMS, { perspective: perspective.split(',') as never })
    return { result }
  } catch {
    return { error: true }
  }
}

describe('GROQ over HTTP agrees with groq-js in-process', () => {
  it('has a corpus of at least 100 distinct queries', () => {
    expect(new Set(CORPUS_QUERIES).size).toBe(CORPUS_QUERIES.length)
    expect(CORPUS_QUERIES.length).toBeGreaterThanOrEqual(100)
  })

  for (const perspective of CORPUS_PERSPECTIVES) {
    it(`agrees on every query in the ${perspective} perspective, fresh and cached`, async () => {
      const mismatches: { query: string; http: unknown; groqJs: unknown }[] = []
      const queue = [...CORPUS_QUERIES]
      const worker = async () => {
        for (let query = queue.shift(); query !== undefined; query = queue.shift()) {
          const expected = await inProcess(query, perspective)
          for (const pass of ['fresh', 'cached']) {
            const actual = await overHttp(query, perspective)
            if (JSON.stringify(actual) !== JSON.stringify(expected))
              mismatches.push({ query: `${pass}: ${query}`, http: actual, groqJs: expected })
          }
        }
      }
      await Promise.all(Array.from({ length: 4 }, worker))
      expect(mismatches).toEqual([])
    }, 120_000)
  }

  it('every corpus query is valid GROQ with an answer (an error on both sides would agree vacuously)', async () => {
    const failing: string[] = []
    for (const query of CORPUS_QUERIES) if ((await inProcess(query, 'drafts')).error) failing.push(query)
    expect(failing).toEqual([])
  })

  it('the corpus tells the perspectives apart (so agreeing is not vacuous)', async () => {
    const answers = await Promise.all(
      CORPUS_PERSPECTIVES.map((p) => inProcess('*[_type == "show"] | order(_id) {_id, price}', p)),
    )
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(CORPUS_PERSPECTIVES.length)
  })
})
