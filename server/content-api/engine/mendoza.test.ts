import { applyPatch } from 'mendoza'
import { describe, expect, it } from 'vitest'
import { diffValue, documentEffects } from './mendoza'

/** Small deterministic PRNG so a failing case can be reproduced from its seed. */
function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

const KEYS = ['a', 'b', 'c', '_type', 'title', 'nested', 'z', 'B', 'é', '10', '2']

function randomValue(rand: () => number, depth: number): unknown {
  const pick = rand()
  if (depth > 3 || pick < 0.35) {
    const kind = Math.floor(rand() * 5)
    if (kind === 0) return null
    if (kind === 1) return rand() < 0.5
    if (kind === 2) return Math.floor(rand() * 100) - 50
    if (kind === 3) return rand() * 10
    return ['', 'x', 'hello', 'héllo wörld', 'a longer string'][Math.floor(rand() * 5)]
  }
  if (pick < 0.55) return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(rand, depth + 1))
  return randomObject(rand, depth + 1)
}

function randomObject(rand: () => number, depth: number): Record<string, unknown> {
  const obj: Record<string, unknown> = {}
  const n = Math.floor(rand() * 6)
  for (let i = 0; i < n; i++) obj[KEYS[Math.floor(rand() * KEYS.length)]!] = randomValue(rand, depth)
  return obj
}

/** A mutated copy, so pairs share structure the way successive revisions do. */
function mutate(rand: () => number, value: unknown, depth = 0): unknown {
  if (value && typeof value === 'object' && !Array.isArray(value) && rand() < 0.8) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) }
    for (const key of Object.keys(copy)) {
      const r = rand()
      if (r < 0.2) delete copy[key]
      else if (r < 0.5) copy[key] = mutate(rand, copy[key], depth + 1)
    }
    if (rand() < 0.4) copy[KEYS[Math.floor(rand() * KEYS.length)]!] = randomValue(rand, depth + 1)
    return copy
  }
  return rand() < 0.5 ? value : randomValue(rand, depth)
}

describe('mendoza encoder', () => {
  it('apply and revert are exact for 5,000 generated pairs (mendoza applyPatch)', () => {
    for (let seed = 1; seed <= 5000; seed++) {
      const rand = rng(seed)
      const left = rand() < 0.8 ? randomObject(rand, 0) : randomValue(rand, 0)
      const right = rand() < 0.7 ? mutate(rand, left) : randomValue(rand, 0)
      const forward = diffValue(left, right)
      const backward = diffValue(right, left)
      expect(applyPatch(structuredClone(left), forward), `seed ${seed} forward`).toEqual(right)
      expect(applyPatch(structuredClone(right), backward), `seed ${seed} backward`).toEqual(left)
    }
  })

  it('uses the exact create and delete shapes the Studio history recognises', () => {
    const doc = { _id: 'a', _type: 't', _rev: 'r1', title: 'x' }
    expect(documentEffects(null, doc)).toEqual({
      apply: [0, { _id: 'a', _type: 't', title: 'x' }],
      revert: [0, null],
    })
    expect(documentEffects(doc, null)).toEqual({
      apply: [0, null],
      revert: [0, { _id: 'a', _type: 't', title: 'x' }],
    })
  })

  it('leaves _rev out of field diffs and deletes by sorted index', () => {
    const effects = documentEffects(
      { _id: 'a', _rev: 'r1', b: 1, a: { x: 1, y: 2 }, c: 3 },
      { _id: 'a', _rev: 'r2', a: { x: 1, y: 3 }, c: 3 },
    )
    expect(effects.apply).toEqual([19, 2, 10, 1, 17, 3, 'y', 15])
    expect(applyPatch({ _id: 'a', b: 1, a: { x: 1, y: 2 }, c: 3 }, effects.apply)).toEqual({
      _id: 'a',
      a: { x: 1, y: 3 },
      c: 3,
    })
  })
})
