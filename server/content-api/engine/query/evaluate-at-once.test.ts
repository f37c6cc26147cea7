import { evaluate, parse, type ExprNode } from 'groq-js'
import { describe, expect, it } from 'vitest'
import * as siteQueries from '../../../../web/src/content/queries'
import { seedDocuments } from '../../../../scripts/seed/seed-documents'
import { CORPUS_DOCUMENTS, CORPUS_PARAMS, CORPUS_QUERIES } from '../../testing/groq-corpus'
import { evaluateAtOnce } from './evaluate-at-once'

/** The tree with every `*` swapped for the documents, as narrowScans swaps it for a type's (same answer). */
function withDocuments(node: unknown, docs: unknown[]): unknown {
  if (Array.isArray(node)) return node.map((item) => withDocuments(item, docs))
  if (!node || typeof node !== 'object') return node
  const record = node as Record<string, unknown>
  if (record.type === 'Everything') return { type: 'Value', value: docs }
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, withDocuments(value, docs)]))
}

const options = {
  dataset: CORPUS_DOCUMENTS,
  params: CORPUS_PARAMS,
  timestamp: new Date('2026-01-01T00:00:00Z'),
}

/** Every query both evaluators answer, with what each answered where they differ; and how many went at once. */
async function compare(queries: string[], dataset: unknown[], params: Record<string, unknown>) {
  const evaluation = { dataset, params, timestamp: options.timestamp }
  let answered = 0
  const mismatches: { query: string; atOnce: unknown; async: unknown }[] = []
  for (const query of queries) {
    const tree = withDocuments(parse(query, { params }), dataset) as ExprNode
    const now = evaluateAtOnce(tree, evaluation)
    if (!now) continue
    answered++
    const later: unknown = await (await evaluate(tree, evaluation)).get()
    if (JSON.stringify(now.result) !== JSON.stringify(later))
      mismatches.push({ query, atOnce: now.result, async: later })
  }
  return { answered, mismatches }
}

describe('evaluateAtOnce', () => {
  it('answers as the asynchronous evaluator does, for every corpus query it takes', async () => {
    const { answered, mismatches } = await compare(CORPUS_QUERIES, CORPUS_DOCUMENTS, CORPUS_PARAMS)
    expect(mismatches).toEqual([])
    // Most of the corpus goes this way (else agreeing would say little).
    expect(answered).toBeGreaterThan(CORPUS_QUERIES.length * 0.6)
  })

  it('answers every query of the site as the asynchronous evaluator does, over the seed, in both languages', async () => {
    const queries = Object.values(siteQueries as Record<string, unknown>).filter(
      (query): query is string => typeof query === 'string',
    )
    const seed = seedDocuments()
    for (const lang of ['en', 'es']) {
      const params = {
        lang,
        slug: '2025-09-04-hotel-el-roblar-ojai',
        area: null,
        recentFrom: '2025-09-01T00:00:00.000Z',
        recentTo: '2025-10-15T00:00:00.000Z',
        since: '2024-10-01T00:00:00.000Z',
        start: 0,
        end: 12,
        pastCount: 3,
        upcomingCount: 10,
      }
      const { answered, mismatches } = await compare(queries, seed, params)
      expect(mismatches).toEqual([])
      expect(answered).toBe(queries.length)
    }
  })

  it('answers as the asynchronous evaluator where ADR 177 saw a promise inside a value', async () => {
    const queries = [
      'defined(*[_type == "show"][0]._id)',
      '*[_type == "show" && !defined(*[_type == "venue" && _id == ^.venue._ref][0]._id)]._id',
      'count(*[_type == "show" && venue->city == "Dublin"])',
    ]
    const { answered, mismatches } = await compare(queries, CORPUS_DOCUMENTS, CORPUS_PARAMS)
    expect(mismatches).toEqual([])
    expect(answered).toBe(queries.length)
  })

  it('leaves to the asynchronous evaluator a query that still reads `*` or calls an async-only function', () => {
    const tree = (query: string) => parse(query, { params: CORPUS_PARAMS })
    expect(evaluateAtOnce(tree('*[_type == "show"]'), options)).toBeUndefined()
    expect(evaluateAtOnce(tree('diff::changedAny({"a": 1}, {"a": 2}, (a))'), options)).toBeUndefined()
    expect(evaluateAtOnce(tree('count([1, 2, 3])'), options)).toEqual({ result: 3 })
  })
})
