import { describe, expect, it, vi } from 'vitest'
import { DatasetState } from '../store/dataset-state'
import { WorkingSet } from '../store/working-set'
import { RELEASE_DOCUMENT_TYPE, releaseDocumentId, versionPrefix } from './release-document'
import { checkReleaseRules } from './release-rules'

/** A dataset of `filler` posts, a venue that a scheduled release's version references, and a venue nobody does. */
function dataset(filler: number) {
  const state = new DatasetState('production')
  state.apply(
    new Map(
      [
        ...Array.from({ length: filler }, (_, i) => ({ _id: `post-${i}`, _type: 'post' })),
        { _id: 'venue-kept', _type: 'venue' },
        { _id: 'venue-free', _type: 'venue' },
        { _id: releaseDocumentId('fall'), _type: RELEASE_DOCUMENT_TYPE, name: 'fall', state: 'scheduled' },
        { _id: `${versionPrefix('fall')}show-1`, _type: 'show', venue: { _ref: 'venue-kept' } },
      ].map((doc) => [doc._id, doc as never]),
    ),
  )
  return state
}

describe('release rules on a delete', () => {
  it("refuse deleting what a scheduled release's version references, allow the rest, and walk no other document", () => {
    const state = dataset(5000)
    const deleting = (id: string) => {
      const ws = new WorkingSet(state, `tx-${id}`, new Date(0).toISOString())
      ws.apply(id, { delete: { id } })
      const all = vi.spyOn(ws, 'all')
      const outcome = (() => {
        try {
          checkReleaseRules(ws, 'mutationError')
          return 'ok'
        } catch (error) {
          return (error as { status: number }).status
        }
      })()
      // Every delete runs this check (a Studio publish deletes the draft): its cost must not follow the dataset.
      expect(all).not.toHaveBeenCalled()
      return outcome
    }
    expect(deleting('venue-kept')).toBe(409)
    expect(deleting('venue-free')).toBe('ok')
    expect(deleting('post-17')).toBe('ok')
  })
})
