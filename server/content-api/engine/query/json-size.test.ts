import { describe, expect, it } from 'vitest'
import { jsonBytesAtLeast } from './json-size'

const exact = (value: unknown) => Buffer.byteLength(JSON.stringify(value))

describe('jsonBytesAtLeast', () => {
  it('never counts more than JSON.stringify writes', () => {
    const values: unknown[] = [
      null,
      true,
      0,
      -12.5e-7,
      '',
      'plain',
      'quote " and \\ and \n',
      'señal ¡ñ! 🎻',
      [],
      {},
      [1, 'two', { three: [3, null, false] }],
      { a: 1, skipped: undefined, nested: { deeper: [{ x: 'y' }] } },
      Array.from({ length: 100 }, (_, i) => ({ _id: `doc-${i}`, title: `Title ${i}`, n: i })),
    ]
    for (const value of values) expect(jsonBytesAtLeast(value, Infinity)).toBeLessThanOrEqual(exact(value))
  })

  it('comes within a small factor of the real size for documents', () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({ _id: `d${i}`, _type: 'x', text: 'x'.repeat(200) }))
    expect(jsonBytesAtLeast(docs, Infinity)).toBeGreaterThan(exact(docs) * 0.8)
  })

  it('stops soon after the limit on a result that repeats one array per document', () => {
    const dataset = Array.from({ length: 2000 }, (_, i) => ({ _id: `d${i}`, text: 'x'.repeat(1000) }))
    // Its JSON would be about 4 GB: more than a string may hold.
    const repeated = dataset.map(() => ({ all: dataset }))
    const limit = 8 * 1024 * 1024
    const counted = jsonBytesAtLeast(repeated, limit)
    expect(counted).toBeGreaterThan(limit)
    expect(counted).toBeLessThan(limit + 2000)
  })

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'end'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(jsonBytesAtLeast(deep, Infinity)).toBe(100_000 * 2 + 5)
  })
})
