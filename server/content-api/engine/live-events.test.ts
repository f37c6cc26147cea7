import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { liveEventsOf, type LiveEvent } from './live-events'
import { QueryReads, syncTagsOfReads } from './query/sync-tags'
import { ContentStore } from './store/content-store'
import { DocumentsById } from './store/documents-by-id'

const DATASET = 'production'

/** The tag a query that reads documents of `type` carries: what a commit must fire to reach it. */
function typeTag(type: string) {
  const reads = new QueryReads()
  reads.types.add(type)
  return syncTagsOfReads(reads)[0]
}
let store: ContentStore

beforeEach(() => {
  store = new ContentStore({ file: ':memory:', datasets: [DATASET] })
})
afterEach(() => store.close())

const write = (docs: Record<string, unknown>[]) =>
  store.commit(DATASET, { author: 'test' }, (ws) => {
    for (const doc of docs) ws.apply(doc._id as string, { createOrReplace: doc as never })
  })

describe('live events of a commit', () => {
  it("fire a draft's sibling types, never another document's whose id merely ends the same, without walking the dataset", async () => {
    await write([
      ...Array.from({ length: 3000 }, (_, i) => ({ _id: `post-${i}`, _type: 'post' })),
      { _id: 'versions.fall.b', _type: 'venue' },
      // Its published id is "a.b", not "b".
      { _id: 'versions.fall.a.b', _type: 'sponsor' },
    ])
    const events: LiveEvent[] = []
    liveEventsOf(store).subscribe((_dataset, event) => events.push(event))
    const walks = (['entries', 'values', 'keys', 'forEach'] as const).map(
      (method) => [method, vi.spyOn(DocumentsById.prototype, method)] as const,
    )
    await write([{ _id: 'drafts.b', _type: 'show' }])
    for (const [method, walk] of walks) expect(walk, method).not.toHaveBeenCalled()
    for (const [, walk] of walks) walk.mockRestore()
    expect(events).toHaveLength(1)
    expect(events[0]!.all).toContain(typeTag('venue'))
    expect(events[0]!.all).not.toContain(typeTag('sponsor'))
  })
})
