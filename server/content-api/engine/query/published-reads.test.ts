import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPublishedReader } from './published-reads'
import { ContentStore } from '../store/content-store'

/** The site's in-process reads and the commit hook the page cache follows (ADR 090). */
describe('published reads and public commits', () => {
  let store: ContentStore
  const put = (...docs: Record<string, unknown>[]) =>
    store.commit('production', { author: 'test' }, (ws) => {
      for (const doc of docs) ws.apply(String(doc._id), { createOrReplace: doc as never })
    })

  beforeEach(() => {
    store = new ContentStore({ file: ':memory:' })
  })
  afterEach(() => store.close())

  it('reads what an anonymous caller sees: published documents only, as copies', async () => {
    await put(
      { _id: 'post-1', _type: 'newsPost', title: 'Public' },
      { _id: 'drafts.post-1', _type: 'newsPost', title: 'Draft' },
      { _id: 'versions.rSummer.post-1', _type: 'newsPost', title: 'Release' },
      { _id: '_.groups.editors', _type: 'system.group' },
    )
    const reader = createPublishedReader(store, { dataset: 'production', projectId: 'local' })
    const titles = await reader.fetch<string[]>('*[_type == $type].title', { type: 'newsPost' })
    expect(titles).toEqual(['Public'])
    expect(await reader.fetch('count(*)')).toBe(1)
    const post = await reader.fetch<{ title: string }>('*[_id == "post-1"][0]')
    post.title = 'changed by a caller'
    expect(store.dataset('production').get('post-1')?.title).toBe('Public')
  })

  it('lets the event loop turn before each read: what waits meanwhile (a stored page) goes first', async () => {
    await put({ _id: 'post-1', _type: 'newsPost', title: 'Public' })
    const reader = createPublishedReader(store, { dataset: 'production', projectId: 'local' })
    const order: string[] = []
    setImmediate(() => order.push('waiting request answered'))
    await reader.fetch('*[_type == "newsPost"].title')
    order.push('read evaluated')
    expect(order).toEqual(['waiting request answered', 'read evaluated'])
  })
})
