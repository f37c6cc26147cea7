import { describe, expect, it } from 'vitest'
import { RecencyMap } from './recency-map'

const filled = (count: number) => {
  const map = new RecencyMap<string, number>()
  for (let i = 0; i < count; i++) map.set(`k${i}`, i)
  return map
}

describe('RecencyMap', () => {
  it('keeps keys least recently used first, and a touch of the oldest makes it the newest', () => {
    const map = filled(4)
    expect(map.oldest()).toEqual(['k0', 0])
    expect(map.touch('k0')).toBe(0)
    expect([...map.keys()]).toEqual(['k1', 'k2', 'k3', 'k0'])
    expect(map.get('k1')).toBe(1)
    expect(map.oldest()).toEqual(['k1', 1])
    expect(map.touch('gone')).toBeUndefined()
  })

  it('setting a key again moves it to the newest; deleting forgets it', () => {
    const map = filled(3)
    map.set('k0', 10)
    expect([...map]).toEqual([
      ['k1', 1],
      ['k2', 2],
      ['k0', 10],
    ])
    expect(map.delete('k2')).toBe(true)
    expect(map.has('k2')).toBe(false)
    expect(map.size).toBe(2)
  })

  // What keeps a hot key's hits cheap: a key the Map moved on every hit piled up dead slots in its hash chain.
  it('leaves a key where it is while it is among the most recently used half', () => {
    const map = filled(1000)
    const before = [...map.keys()]
    for (let i = 0; i < 10_000; i++) map.touch('k999')
    for (const key of ['k998', 'k700', 'k501']) map.touch(key)
    expect([...map.keys()]).toEqual(before)
    map.touch('k499')
    expect(map.keys().next().value).toBe('k0')
    expect([...map.keys()].at(-1)).toBe('k499')
  })

  it('never puts a key it was just asked for in the older half, whatever came before', () => {
    const map = filled(50)
    let seed = 7
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let step = 0; step < 20_000; step++) {
      const key = `k${random(80)}`
      const op = random(10)
      if (op === 0) map.delete(key)
      else if (op < 3 || !map.has(key)) map.set(key, step)
      else map.touch(key)
      if (!map.has(key)) continue
      const keys = [...map.keys()]
      expect(keys.indexOf(key), `${key} after step ${step}`).toBeGreaterThanOrEqual(
        Math.floor(keys.length / 2),
      )
    }
  })
})
