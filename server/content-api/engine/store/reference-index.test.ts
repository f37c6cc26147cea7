import { describe, expect, it, vi } from 'vitest'
import { checkReferenceIntegrity, type IntegrityView } from '../reference-integrity'
import { DatasetState } from './dataset-state'
import { WorkingSet } from './working-set'

let seed = 11
const next = () => (seed = (seed * 48271) % 2147483647)
const pick = <T>(list: readonly T[]): T => list[next() % list.length]!

const IDS = [
  ...Array.from({ length: 12 }, (_, i) => `doc-${i}`),
  'drafts.doc-1',
  'drafts.doc-2',
  'versions.r1.doc-3',
]

/** A reference as the Studio writes them, sometimes weak, to another dataset, nested or to itself. */
function reference(self: string): Record<string, unknown> {
  const target = next() % 8 === 0 ? self : pick(IDS)
  const ref: Record<string, unknown> = { _ref: target, _type: 'reference', _key: `k${next() % 1000}` }
  if (next() % 5 === 0) ref._weak = true
  if (next() % 11 === 0) ref._dataset = 'other'
  return ref
}

function randomDoc(id: string) {
  const refs = Array.from({ length: next() % 3 }, () => reference(id))
  return {
    _id: id,
    _type: pick(['show', 'post']),
    refs,
    nested: { deeper: next() % 2 ? reference(id) : null },
  }
}

/** Whatever the check throws (its status, message and details), or 'ok'. */
function outcome(check: () => void): unknown {
  try {
    check()
    return 'ok'
  } catch (error) {
    const { status, message, extra } = error as { status: number; message: string; extra: unknown }
    return { status, message, extra }
  }
}

describe('reference index', () => {
  it('refuses and allows every delete and type change exactly as walking every document does', () => {
    const state = new DatasetState('production')
    let refused = 0
    for (let round = 0; round < 250; round++) {
      const ws = new WorkingSet(state, `tx${round}`, new Date(0).toISOString())
      for (let n = 1 + (next() % 3); n > 0; n--) {
        const id = pick(IDS)
        if (next() % 3 === 0) ws.apply(id, { delete: { id } })
        else ws.apply(id, { createOrReplace: randomDoc(id) })
      }
      const scan: IntegrityView = { get: (id) => ws.get(id), all: () => ws.all() }
      const byScan = outcome(() => checkReferenceIntegrity(ws.touchedDocuments(), scan))
      const byIndex = outcome(() => checkReferenceIntegrity(ws.touchedDocuments(), ws))
      expect(byIndex).toEqual(byScan)
      if (byIndex !== 'ok') refused++
      // Refused ones are committed anyway, so later rounds meet dangling references and self references too.
      state.apply(new Map(ws.changes().map((change) => [change.id, change.next])))
    }
    // The comparison means something only when both answers occur often.
    expect(refused).toBeGreaterThan(20)
    expect(refused).toBeLessThan(230)
  })

  it('names the referencing documents in _id order and walks none of the others', () => {
    const state = new DatasetState('production')
    const write = (docs: Record<string, unknown>[]) =>
      state.apply(new Map(docs.map((doc) => [doc._id as string, doc as never])))
    write([{ _id: 'venue', _type: 'venue' }])
    const filler = Array.from({ length: 2000 }, (_, i) => ({ _id: `filler-${i}`, _type: 'post' }))
    write([
      ...filler,
      { _id: 'show-b', _type: 'show', venue: { _ref: 'venue' } },
      { _id: 'show-a', _type: 'show', list: [{ _key: 'k', venue: { _ref: 'venue' } }] },
      { _id: 'drafts.show-c', _type: 'show', venue: { _ref: 'venue' } },
      { _id: 'versions.r.show-d', _type: 'show', venue: { _ref: 'venue' } },
      { _id: 'show-weak', _type: 'show', venue: { _ref: 'venue', _weak: true } },
    ])
    const ws = new WorkingSet(state, 'tx', new Date(0).toISOString())
    ws.apply('venue', { delete: { id: 'venue' } })
    const all = vi.spyOn(ws, 'all')
    const referencingIDs = ['drafts.show-c', 'show-a', 'show-b']
    expect(() => checkReferenceIntegrity(ws.touchedDocuments(), ws)).toThrow(
      expect.objectContaining({
        status: 409,
        extra: { items: [expect.objectContaining({ error: expect.objectContaining({ referencingIDs }) })] },
      }),
    )
    expect(all).not.toHaveBeenCalled()

    // Once the last strong reference goes in the same transaction, the delete is allowed.
    for (const id of ['drafts.show-c', 'show-a']) ws.apply(id, { delete: { id } })
    ws.apply('show-b', { patch: { id: 'show-b', unset: ['venue'] } })
    expect(() => checkReferenceIntegrity(ws.touchedDocuments(), ws)).not.toThrow()
  })
})
