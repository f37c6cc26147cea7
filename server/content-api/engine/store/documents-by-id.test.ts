import { describe, expect, it } from 'vitest'
import type { SanityDocument } from '../types'
import { DocumentsById } from './documents-by-id'

describe('DocumentsById', () => {
  it('iterates in _id order through any mix of new, replaced and deleted ids', () => {
    const docs = new DocumentsById()
    const reference = new Map<string, SanityDocument>()
    let seed = 7
    const next = () => (seed = (seed * 48271) % 2147483647)
    for (let i = 0; i < 3000; i++) {
      const id = `d${next() % 500}`
      if (next() % 4 === 0) expect(docs.delete(id)).toBe(reference.delete(id))
      else {
        const doc = { _id: id, _type: 'x', n: i }
        docs.set(id, doc)
        reference.set(id, doc)
      }
    }
    const ids = [...reference.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    expect([...docs.keys()]).toEqual(ids)
    expect([...docs.values()]).toEqual(ids.map((id) => reference.get(id)))
    expect([...docs].map(([id, doc]) => [id, doc.n])).toEqual(ids.map((id) => [id, reference.get(id)!.n]))
    expect(docs.size).toBe(reference.size)
    docs.clear()
    expect([...docs.values()]).toEqual([])
  })

  it('finds the documents of a prefix as a filter of every id would, in _id order', () => {
    const docs = new DocumentsById()
    for (const id of [
      'versions.b.x',
      'drafts.a',
      'a',
      'versions.a.x',
      'versions.a.y',
      'versionsX',
      'versions.',
      'z',
    ])
      docs.set(id, { _id: id, _type: 'x' })
    for (const prefix of ['versions.', 'versions.a.', 'drafts.', 'a', '', 'zz', 'versions'])
      expect(
        docs.withPrefix(prefix).map((doc) => doc._id),
        prefix,
      ).toEqual([...docs.keys()].filter((id) => id.startsWith(prefix)))
  })
})
