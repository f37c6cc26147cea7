/**
 * A Map in order of use, least recently used first, for caches that evict from the front. `touch` counts a key as
 * used, and stays cheap however often one key is touched.
 *
 * Why not the plain Map idiom (delete the key, set it again): a Map keeps a deleted key's slot, in the same hash
 * chain, until its table is rebuilt, and every lookup of that key walks past them. A key moved on every hit piles
 * up as many dead slots as the table has free ones, so each hit of a hot page in a large cache cost as much as the
 * cache was large. Here a touch moves the key only when it is not already among the most recently used half, which
 * is all that eviction from the front needs: a key touched since the newer half began is never the first to go.
 */
export class RecencyMap<K, V> implements Iterable<[K, V]> {
  private readonly values = new Map<K, V>()
  /** The count of `appended` when each key last went to the end. */
  private readonly placedAt = new Map<K, number>()
  private appended = 0

  get size(): number {
    return this.values.size
  }

  has(key: K): boolean {
    return this.values.has(key)
  }

  /** The value, not counted as a use. */
  get(key: K): V | undefined {
    return this.values.get(key)
  }

  /** The value, counted as just used (see the class comment for how far it moves). */
  touch(key: K): V | undefined {
    const value = this.values.get(key)
    if (value === undefined) return undefined
    if (this.appended - this.placedAt.get(key)! >= this.values.size / 2) this.set(key, value)
    return value
  }

  /** Stores the value as the most recently used. */
  set(key: K, value: V): this {
    this.values.delete(key)
    this.values.set(key, value)
    this.placedAt.set(key, ++this.appended)
    return this
  }

  delete(key: K): boolean {
    this.placedAt.delete(key)
    return this.values.delete(key)
  }

  /** The least recently used entry, the next to evict. */
  oldest(): [K, V] | undefined {
    return this.values.entries().next().value
  }

  /** Keys, least recently used first. */
  keys(): IterableIterator<K> {
    return this.values.keys()
  }

  /** Entries, least recently used first; deleting while iterating is safe, as with a Map. */
  [Symbol.iterator](): IterableIterator<[K, V]> {
    return this.values.entries()
  }
}
