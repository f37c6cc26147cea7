import { describe, expect, it } from 'vitest'
import { CORPUS_DOCUMENTS, CORPUS_PARAMS, CORPUS_QUERIES } from '../../testing/groq-corpus'
import { parsePerspective, queryViewFor } from '../perspectives'
import { DatasetState } from '../store/dataset-state'
import type { CommittedTransaction, SanityDocument } from '../types'
import { runQuery } from './groq'
import { EVERYTHING_TAG, QueryReads, syncTagsOfCommit, syncTagsOfReads } from './sync-tags'

// Soundness of the sync tag scheme (ADR 140): for every corpus query, in every perspective, and every change
// to every document, a change of the query's result means the commit's tags and the query's tags intersect.

const docs = CORPUS_DOCUMENTS as SanityDocument[]

function stateOf(documents: SanityDocument[]): DatasetState {
  const state = new DatasetState('production')
  for (const doc of documents) state.docs.set(doc._id, doc)
  return state
}

async function evaluate(state: DatasetState, query: string, perspective: string, publicOnly: boolean) {
  const reads = new QueryReads()
  try {
    const result = await runQuery(query, {
      ...queryViewFor(state, parsePerspective(perspective, 'X'), publicOnly),
      params: CORPUS_PARAMS,
      timestamp: new Date('2025-06-01T00:00:00Z'),
      reads,
    })
    return { json: JSON.stringify(result), tags: syncTagsOfReads(reads) }
  } catch (error) {
    return { json: `error ${String(error)}`, tags: syncTagsOfReads(reads) }
  }
}

const bump = (value: unknown): unknown =>
  typeof value === 'string'
    ? `${value}!`
    : typeof value === 'number'
      ? value + 1
      : typeof value === 'boolean'
        ? !value
        : value === null
          ? 1
          : null

/** Every kind of change to one document: edited fields, another type, deleted, and a copy under a new id. */
function changesOf(doc: SanityDocument): { previous: SanityDocument | null; next: SanityDocument | null }[] {
  const edited = Object.fromEntries(
    Object.entries(doc).map(([key, value]) => [key, key.startsWith('_') ? value : bump(value)]),
  ) as SanityDocument
  const copyId = doc._id.replace(/([^.]+)$/, '$1-copy')
  const draftId = `drafts.${doc._id.replace(/^(drafts|versions\.[^.]+)\./, '')}`
  const draft = docs.find((d) => d._id === draftId) ?? null
  return [
    // A draft of another type: in the drafts perspective the published id is now seen with that type.
    { previous: draft, next: { ...(draft ?? doc), _id: draftId, _type: 'retyped' } },
    { previous: doc, next: edited },
    { previous: doc, next: { ...doc, _type: 'retyped' } },
    { previous: doc, next: null },
    { previous: null, next: { ...doc, _id: copyId } },
  ]
}

function commitOf(change: { previous: SanityDocument | null; next: SanityDocument | null }) {
  const id = (change.next ?? change.previous)!._id
  return {
    dataset: 'production',
    id: 'tx',
    seq: 1,
    timestamp: '2025-06-01T00:00:00Z',
    author: 'test',
    changes: [{ id, ...change, mutations: [], effects: { apply: [], revert: [] } }],
  } as unknown as CommittedTransaction
}

describe('sync tags', () => {
  it('a change that alters a result always shares a tag with the query (no false negatives)', async () => {
    const before = stateOf(docs)
    const cases = [
      { perspective: 'published', publicOnly: true },
      { perspective: 'drafts', publicOnly: false },
      { perspective: 'raw', publicOnly: false },
    ]
    let changedResults = 0
    let quiet = 0
    for (const doc of docs) {
      for (const change of changesOf(doc)) {
        const after = stateOf(
          docs
            .filter((d) => d._id !== (change.previous ?? change.next)!._id)
            .concat(change.next ? [change.next] : []),
        )
        const siblings = (base: string) =>
          [...after.docs.values()].filter((d) => d._id === base || d._id.endsWith(`.${base}`))
        const fired = syncTagsOfCommit(commitOf(change), siblings)
        for (const { perspective, publicOnly } of cases) {
          const commitTags = publicOnly ? fired.published : fired.all
          for (const query of CORPUS_QUERIES) {
            const old = await evaluate(before, query, perspective, publicOnly)
            const now = await evaluate(after, query, perspective, publicOnly)
            if (old.json === now.json) continue
            changedResults++
            const hit = old.tags.some((tag) => commitTags.includes(tag))
            if (!old.tags.includes(EVERYTHING_TAG)) quiet++
            expect(
              hit,
              `${query} (${perspective}) after ${JSON.stringify(change.next ?? change.previous)}`,
            ).toBe(true)
          }
        }
      }
    }
    // The check saw many result changes, most of them on queries more precise than "everything".
    expect(changedResults).toBeGreaterThan(1000)
    expect(quiet).toBeGreaterThan(changedResults / 4)
  }, 120_000)

  it('a change to an unrelated type fires none of a narrowed query’s tags', async () => {
    const state = stateOf(docs)
    const shows = await evaluate(state, '*[_type == "show"]{title, venue->}', 'published', true)
    const note = { _id: 'n1', _type: 'note' } as SanityDocument
    const fired = syncTagsOfCommit(commitOf({ previous: null, next: note }), () => [note])
    expect(shows.tags.some((tag) => fired.published.includes(tag))).toBe(false)
  })
})
