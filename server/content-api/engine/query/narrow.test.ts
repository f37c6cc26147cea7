import { describe, expect, it } from 'vitest'
import { runQuery } from './groq'
import { queryViewFor } from '../perspectives'
import { DatasetState } from '../store/dataset-state'

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

describe('narrowing * scans by string bounds on an attribute', () => {
  const state = new DatasetState('production')
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString()
  const shows = Array.from({ length: 90 }, (_, i) => ({
    _id: `show-${String((i * 37) % 90).padStart(2, '0')}`,
    _type: i % 9 === 0 ? 'newsPost' : 'event',
    // Strings, and values GROQ never compares with a string: a number, null, none.
    ...(i % 10 === 3
      ? { startsAt: i }
      : i % 10 === 7
        ? { startsAt: null }
        : i % 10 === 9
          ? {}
          : { startsAt: day(i % 40) }),
    slug: i % 4 === 0 ? undefined : { current: `s${i}` },
  }))
  for (const doc of shows) state.docs.set(doc._id, doc as never)
  state.bump()
  const view = queryViewFor(state, { kind: 'published' }, true)
  const seen: number[] = []
  const counted = {
    ...view,
    scan: {
      ...view.scan,
      byRange: (...args: Parameters<typeof view.scan.byRange>) => {
        const docs = view.scan.byRange(...args)
        seen.push(docs.length)
        return docs
      },
    },
  }

  const QUERIES = [
    '*[_type == "event" && startsAt >= $from && startsAt < $to]{_id, startsAt}',
    '*[_type == "event" && defined(slug.current) && startsAt >= $from] | order(startsAt asc, _id asc) [0...5]._id',
    '*[_type == "event" && startsAt < $from] | order(startsAt desc, _id asc) [2...6]._id',
    'count(*[_type == "event" && ($to > startsAt) && startsAt > $from && startsAt <= "2026-01-20"])',
    '*[$from <= startsAt && _type == "event" && startsAt <= $from]._id',
    '*[_type == "event" && startsAt >= "2026-01-10" && startsAt >= $from]._id',
    '*[_type == "event" && startsAt >= $missing]._id',
    '*[_type == "event" && startsAt > 10]._id',
    '*[_type == "newsPost" && startsAt < $to]._id',
    '*[_type == "event" && (startsAt >= $from || startsAt < "2026-01-02")]._id',
  ]

  it('gives the same results, in the same order, as a full scan', async () => {
    const params = { from: day(12), to: day(30), missing: null }
    for (const query of QUERIES) {
      const full = await runQuery(query, { dataset: view.dataset, params })
      const narrowed = await runQuery(query, { ...counted, params })
      expect(narrowed, query).toEqual(full)
    }
  })

  it('hands the filter only the documents of the type inside the bounds', async () => {
    seen.length = 0
    const params = { from: day(12), to: day(14) }
    const found = await runQuery('*[_type == "event" && startsAt >= $from && startsAt < $to]._id', {
      ...counted,
      params,
    })
    expect(seen).toEqual([(found as string[]).length])
    expect((found as string[]).length).toBeGreaterThan(0)
  })
})
