import { describe, expect, it } from 'vitest'
import { DatasetState, RECENT_CHANGES_KEPT } from '../store/dataset-state'
import type { SanityDocument } from '../types'
import { viewCosts, viewOf, withSnapshot } from './dataset-snapshot'
import { WorkerViews } from './worker-views'

/** What a worker receives: a view as structured clone sends it (shared buffers stay shared). */
const posted = <T>(value: T): T => structuredClone(value)

function dataset(size: number) {
  const state = new DatasetState('production')
  const docs = Array.from({ length: size }, (_, i) => ({
    _id: `show-${i}`,
    _type: 'event',
    notes: 'x'.repeat(300),
  }))
  state.apply(new Map(docs.map((doc) => [doc._id, doc])))
  return state
}

const commit = (state: DatasetState, docs: Record<string, SanityDocument | null>) =>
  state.apply(new Map(Object.entries(docs)))

const asPlain = (state: DatasetState) => [...state.docs.values()].map((doc) => JSON.stringify(doc))

describe('query workers views of a dataset', () => {
  it('sends a worker only what each commit changed, and the worker ends with every document as the store has it', () => {
    const state = dataset(1000)
    const worker = new WorkerViews()
    expect(worker.stateFor(posted(viewOf(state)))).toBeUndefined()
    worker.stateFor(posted(withSnapshot(viewOf(state))))
    const afterSnapshot = { ...viewCosts(state) }
    for (let i = 0; i < 30; i++) {
      const id = `show-${(i * 37) % 1000}`
      commit(state, {
        [id]: i % 5 === 4 ? null : { _id: id, _type: 'event', notes: `edit ${i}` },
        [`drafts.new-${i}`]: { _id: `drafts.new-${i}`, _type: 'newsPost', title: `draft ${i}` },
      })
      const seen = worker.stateFor(posted(viewOf(state)))!
      expect(seen.version).toBe(state.version)
      expect([seen.get(id), seen.docs.size]).toEqual([state.get(id), state.docs.size])
    }
    expect(asPlain(worker.stateFor(posted(viewOf(state)))!)).toEqual(asPlain(state))
    const costs = viewCosts(state)
    expect(costs.snapshots).toBe(afterSnapshot.snapshots)
    // Thirty commits of two documents each cost a small part of one snapshot, not thirty snapshots.
    expect(costs.changeBytes - afterSnapshot.changeBytes).toBeLessThan(afterSnapshot.snapshotBytes / 20)
    expect(worker.counts).toMatchObject({ snapshots: 1, caughtUp: 30 })
  })

  it('keeps a few versions for tasks sent before a commit, sharing the documents that did not change', () => {
    const state = dataset(10)
    const worker = new WorkerViews()
    worker.stateFor(posted(withSnapshot(viewOf(state))))
    const before = posted(viewOf(state))
    commit(state, { 'show-1': { _id: 'show-1', _type: 'event', notes: 'changed' } })
    const after = worker.stateFor(posted(viewOf(state)))!
    const old = worker.stateFor(before)!
    expect(old.get('show-1')?.notes).toBe('x'.repeat(300))
    expect(after.get('show-1')?.notes).toBe('changed')
    expect(after.get('show-2')).toBe(old.get('show-2'))
  })

  it('asks for the snapshot when it is further behind than the changes it is sent, or after an unknown change', () => {
    const state = dataset(10)
    const worker = new WorkerViews()
    worker.stateFor(posted(withSnapshot(viewOf(state))))
    for (let i = 0; i <= RECENT_CHANGES_KEPT; i++)
      commit(state, { [`n-${i}`]: { _id: `n-${i}`, _type: 'x' } })
    expect(worker.stateFor(posted(viewOf(state)))).toBeUndefined()
    expect(asPlain(worker.stateFor(posted(withSnapshot(viewOf(state))))!)).toEqual(asPlain(state))

    state.docs.delete('show-3')
    state.bump()
    expect(worker.stateFor(posted(viewOf(state)))).toBeUndefined()
    expect(worker.stateFor(posted(withSnapshot(viewOf(state))))!.get('show-3')).toBeNull()
  })
})
