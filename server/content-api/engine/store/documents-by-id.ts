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
 * (which reloads them from SQLite in another order than the writes made). A Map keeps the lookups; the ids
 * and the documents are also kept in two parallel arrays in `_id` order, updated by binary search on each
 * write, so a commit costs a search and an array move per new or removed id (never a sort of the dataset),
 * and iterating is an array's.
 */
export class DocumentsById extends Map<string, SanityDocument> {
  private readonly ids: string[] = []
  private readonly docs: SanityDocument[] = []

  override set(id: string, doc: SanityDocument): this {
    const last = this.ids.at(-1)
    // Ids arriving in order (a snapshot, SQLite's load) append.
    if (last === undefined || last < id) {
      this.ids.push(id)
      this.docs.push(doc)
      return super.set(id, doc)
    }
    const at = positionOf(this.ids, id)
    if (this.ids[at] === id) this.docs[at] = doc
    else {
      this.ids.splice(at, 0, id)
      this.docs.splice(at, 0, doc)
    }
    return super.set(id, doc)
  }

  override delete(id: string): boolean {
    if (!super.delete(id)) return false
    const at = positionOf(this.ids, id)
    this.ids.splice(at, 1)
    this.docs.splice(at, 1)
    return true
  }

  /** Makes this a copy of `other` (both then share the documents, which a commit never changes in place). */
  copyFrom(other: DocumentsById): void {
    this.clear()
    for (let i = 0; i < other.ids.length; i++) {
      super.set(other.ids[i]!, other.docs[i]!)
      this.ids.push(other.ids[i]!)
      this.docs.push(other.docs[i]!)
    }
  }

  override clear(): void {
    super.clear()
    this.ids.length = 0
    this.docs.length = 0
  }

  /**
   * The documents in `_id` order, without a copy: the next write changes this array, so read it at once (or
   * copy it). Spreading `values()` costs ten times a `slice()` of this.
   */
  inIdOrder(): readonly SanityDocument[] {
    return this.docs
  }

  /** The documents whose id starts with `prefix`, in `_id` order: a search and a walk of just those. */
  withPrefix(prefix: string): SanityDocument[] {
    const out: SanityDocument[] = []
    for (
      let at = positionOf(this.ids, prefix);
      at < this.ids.length && this.ids[at]!.startsWith(prefix);
      at++
    )
      out.push(this.docs[at]!)
    return out
  }

  override keys(): MapIterator<string> {
    return this.ids.values()
  }

  override values(): MapIterator<SanityDocument> {
    return this.docs.values()
  }

  override *entries(): MapIterator<[string, SanityDocument]> {
    for (let i = 0; i < this.ids.length; i++) yield [this.ids[i]!, this.docs[i]!]
  }

  override [Symbol.iterator](): MapIterator<[string, SanityDocument]> {
    return this.entries()
  }

  override forEach(
    callback: (doc: SanityDocument, id: string, map: Map<string, SanityDocument>) => void,
    thisArg?: unknown,
  ): void {
    for (let i = 0; i < this.ids.length; i++) callback.call(thisArg, this.docs[i]!, this.ids[i]!, this)
  }
}
