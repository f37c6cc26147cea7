import { describe, expect, it } from 'vitest'
import { runQuery } from './groq'

const docs = Array.from({ length: 60 }, (_, i) => ({
  _id: `d${(i * 7) % 60}`,
  _type: ['event', 'mediaItem', 'gallery'][i % 3]!,
  n: i,
  ref: { _type: 'reference', _ref: `d${(i * 11) % 60}` },
}))
const index = new Map(docs.map((doc) => [doc._id, doc]))
const position = new Map(docs.map((doc, i) => [doc._id, i]))
const scan = {
  byType: (type: string) => docs.filter((doc) => doc._type === type),
  byId: (id: string) => index.get(id),
  byIds: (ids: string[]) =>
    [...new Set(ids)]
      .filter((id) => position.has(id))
      .sort((a, b) => position.get(a)! - position.get(b)!)
      .map((id) => index.get(id)),
}

const QUERIES = [
  '*[_type == "event"]',
  '*["mediaItem" == _type && n > 10]{_id, n}',
  '*[_type == $type] | order(n desc)[0..3]',
  '*[_id == "d7"][0]',
  '*[_id == $id]',
  '*[_id in ["d3", "d1", "nope", "d3"]]._id',
  '*[_id in $ids]{_id, "r": ref->_id}',
  '*[_type == "event" || n == 1]._id',
  '*[(_type == "gallery") && n < 30]{_id, "same": *[_type == ^._type && n < 5]._id}',
  'count(*[_type == "nothing"])',
  '*[n == 3]',
]

describe('narrowing * scans', () => {
  it('gives the same results, in the same order, as a full scan', async () => {
    const params = { type: 'event', id: 'd14', ids: ['d2', 'd59', 'd0'] }
    for (const query of QUERIES) {
      const full = await runQuery(query, { dataset: docs, params })
      const narrowed = await runQuery(query, { dataset: docs, params, index, scan })
      expect(narrowed, query).toEqual(full)
    }
  })

  it('really narrows: the scan only sees the candidates it is given', async () => {
    const empty = { ...scan, byType: () => [] }
    expect(await runQuery('*[_type == "event"]', { dataset: docs, scan: empty })).toEqual([])
    expect(await runQuery('*[_type == "event" || true]', { dataset: docs, scan: empty })).toHaveLength(60)
  })
})
