import { isVersionId } from '../ids'
import { strongReferences } from '../reference-integrity'
import type { SanityDocument } from '../types'

/**
 * Who strongly references whom in a dataset: for each referenced id, the ids of the documents whose strong
 * local references name it (release versions aside, as reference-integrity.ts checks them). A delete asks it
 * for the documents that could stop it instead of walking every document; a commit updates it with the
 * documents it changed.
 */
export class ReferenceIndex {
  private readonly referrers = new Map<string, Set<string>>()

  static of(docs: Iterable<SanityDocument>): ReferenceIndex {
    const index = new ReferenceIndex()
    for (const doc of docs) index.add(doc)
    return index
  }

  /** The ids of the documents that strongly reference `id` (empty when none). */
  referrersOf(id: string): ReadonlySet<string> {
    return this.referrers.get(id) ?? NONE
  }

  /** Replaces what `previous` referenced with what `next` does (either null: a create or a delete). */
  update(previous: SanityDocument | null, next: SanityDocument | null): void {
    if (previous) this.remove(previous)
    if (next) this.add(next)
  }

  private add(doc: SanityDocument): void {
    if (isVersionId(doc._id)) return
    for (const target of strongReferences(doc)) {
      const set = this.referrers.get(target)
      if (set) set.add(doc._id)
      else this.referrers.set(target, new Set([doc._id]))
    }
  }

  private remove(doc: SanityDocument): void {
    if (isVersionId(doc._id)) return
    for (const target of strongReferences(doc)) {
      const set = this.referrers.get(target)
      if (!set) continue
      set.delete(doc._id)
      if (set.size === 0) this.referrers.delete(target)
    }
  }
}

const NONE: ReadonlySet<string> = new Set()
