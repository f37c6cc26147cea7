import { RecencyMap } from '../../recency-map'

/**
 * Which entries to drop so the total size stays under a cap, least recently used first. Pure bookkeeping:
 * the caller deletes what `add` returns.
 */
export type SizeLru = {
  /** Records an entry (or its new size) as just used; returns the keys evicted to stay within the cap. */
  add(key: string, bytes: number): string[]
  /** Marks an entry as just used; false when it is unknown. */
  touch(key: string): boolean
  has(key: string): boolean
  readonly totalBytes: number
  readonly size: number
}

export function createSizeLru(maxBytes: number): SizeLru {
  const entries = new RecencyMap<string, number>()
  let total = 0

  return {
    add(key, bytes) {
      const previous = entries.get(key)
      if (previous !== undefined) total -= previous
      entries.set(key, bytes)
      total += bytes
      const evicted: string[] = []
      for (const [oldest, size] of entries) {
        if (total <= maxBytes) break
        // The entry just added stays even when it alone is over the cap: it is about to be served.
        if (oldest === key) continue
        entries.delete(oldest)
        total -= size
        evicted.push(oldest)
      }
      return evicted
    },
    touch: (key) => entries.touch(key) !== undefined,
    has: (key) => entries.has(key),
    get totalBytes() {
      return total
    },
    get size() {
      return entries.size
    },
  }
}
