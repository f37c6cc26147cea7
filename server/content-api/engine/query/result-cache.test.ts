import { describe, expect, it } from 'vitest'
import { QueryResultCache } from './result-cache'

const dataset = (version = 1) => ({ name: 'production', version })

describe('QueryResultCache', () => {
  it('keeps results up to its byte budget, least recently used out first, however many fit', async () => {
    const cache = new QueryResultCache<string>(10_000, (value) => value.length)
    for (let i = 0; i < 1000; i++) await cache.get(dataset(), `small ${i}`, async () => 'x'.repeat(10))
    expect(cache.stats()).toEqual({ entries: 1000, bytes: 10_000 })
    await cache.get(dataset(), 'small 0', async () => 'not evaluated again')
    await cache.get(dataset(), 'big', async () => 'y'.repeat(2000))
    expect(cache.stats().bytes).toBeLessThanOrEqual(10_000)
    let evaluations = 0
    const count = async () => (evaluations++, 'z'.repeat(10))
    await cache.get(dataset(), 'small 0', count)
    await cache.get(dataset(), 'big', count)
    expect(evaluations).toBe(0)
    await cache.get(dataset(), 'small 1', count)
    expect(evaluations).toBe(1)
  })

  it('serves but does not keep a result larger than a quarter of its budget, nor a failed one', async () => {
    const cache = new QueryResultCache<string>(10_000, (value) => value.length)
    expect(await cache.get(dataset(), 'huge', async () => 'h'.repeat(3000))).toHaveLength(3000)
    await expect(cache.get(dataset(), 'fails', () => Promise.reject(new Error('limit')))).rejects.toThrow()
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 })
  })

  it('never answers from an older version of the dataset, nor keeps a result computed for one', async () => {
    const cache = new QueryResultCache<string>(10_000, (value) => value.length)
    await cache.get(dataset(1), 'q', async () => 'v1')
    let release!: (value: string) => void
    const running = cache.get(dataset(1), 'slow', () => new Promise<string>((resolve) => (release = resolve)))
    expect(await cache.get(dataset(2), 'q', async () => 'v2')).toBe('v2')
    release('old')
    await running
    expect(await cache.get(dataset(2), 'slow', async () => 'new')).toBe('new')
    expect(cache.stats().entries).toBe(2)
  })
})
