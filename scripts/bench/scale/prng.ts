/** A seeded pseudo-random generator (mulberry32): the same seed gives the same data on every machine. */
export type Random = {
  /** A float in [0, 1). */
  next: () => number
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  /** True with probability `p`. */
  chance: (p: number) => boolean
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
  }
}
