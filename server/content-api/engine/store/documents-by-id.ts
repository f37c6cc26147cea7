import type { SanityDocument } from '../types'

/** Where `id` is, or would go, in the sorted `ids`: binary search in UTF-16 code unit order (`<`). */
function positionOf(ids: readonly string[], id: string): number {
  let low = 0
  let high = ids.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (ids[middle]! < id) low = middle + 1
    else high = middle
  }
  return low
}

/**
 * A dataset's documents by id, iterated in `_id` order whatever order they were written in: Sanity answers
 * `*` in `_id` order, so `*[_type == "x"][0..1]` must name the same documents before and after a restart
 * (which reloads them from SQLite in another order than the writes made). A Map keeps the lookups; a sorted
 * id list, updated by binary search on each new or removed id, keeps the order, so a commit costs a search and
 * an array move per changed id instead of a sort of the whole dataset.
 */
export class DocumentsById extends Map<string, SanityDocument> {
  private readonly ids: string[] = []

  override set(id: string, doc: SanityDocument): this {
    if (!super.has(id)) {
      const at = positionOf(this.ids, id)
      // Ids arriving in order (a snapshot, SQLite's load) append.
      if (at === this.ids.length) this.ids.push(id)
      else this.ids.splice(at, 0, id)
    }
    return super.set(id, doc)
  }

  override delete(id: string): boolean {
    if (!super.delete(id)) return false
    this.ids.splice(positionOf(this.ids, id), 1)
    return true
  }

  override clear(): void {
    super.clear()
    this.ids.length = 0
  }

  override *keys(): MapIterator<string> {
    yield* this.ids
  }

  override *values(): MapIterator<SanityDocument> {
    for (const id of this.ids) yield super.get(id)!
  }

  override *entries(): MapIterator<[string, SanityDocument]> {
    for (const id of this.ids) yield [id, super.get(id)!]
  }

  override [Symbol.iterator](): MapIterator<[string, SanityDocument]> {
    return this.entries()
  }

  override forEach(
    callback: (doc: SanityDocument, id: string, map: Map<string, SanityDocument>) => void,
    thisArg?: unknown,
  ): void {
    for (const [id, doc] of this.entries()) callback.call(thisArg, doc, id, this)
  }
}
