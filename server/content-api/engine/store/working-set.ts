import { Mutation as MutatorMutation } from '@sanity/mutator'
import { DEFAULT_JSON_MAX_DEPTH, nestsDeeperThan } from '../../../json-depth'
import { mutationError } from '../errors'
import { compareIds } from '../ids'
import { documentEffects } from '../mendoza'
import type { DocumentChange, Mutation, SanityDocument } from '../types'
import type { DatasetState } from './dataset-state'

/** The documents a transaction sees and changes; nothing reaches the store until the whole transaction succeeds. */
export class WorkingSet {
  private readonly overlay = new Map<string, SanityDocument | null>()
  private readonly touched = new Map<string, Mutation[]>()

  constructor(
    readonly state: DatasetState,
    readonly transactionId: string,
    readonly timestamp: string,
    /** How deep a document may nest (ContentStoreOptions.maxDocumentDepth). */
    readonly maxDocumentDepth = DEFAULT_JSON_MAX_DEPTH,
  ) {}

  get dataset(): string {
    return this.state.name
  }

  get(id: string): SanityDocument | null {
    return this.overlay.has(id) ? this.overlay.get(id)! : this.state.get(id)
  }

  /** Every document as this transaction sees it, for query-based mutations. */
  all(): SanityDocument[] {
    const out: SanityDocument[] = []
    for (const [id, doc] of this.state.docs) if (!this.overlay.has(id)) out.push(doc)
    for (const doc of this.overlay.values()) if (doc) out.push(doc)
    // In `_id` order, as `*` always is (documents-by-id.ts).
    return out.sort((a, b) => compareIds(a._id, b._id))
  }

  /** The documents whose id starts with `prefix` as this transaction sees them, in `_id` order, without a scan. */
  withPrefix(prefix: string): SanityDocument[] {
    const out = this.state.docs.withPrefix(prefix).filter((doc) => !this.overlay.has(doc._id))
    for (const [id, doc] of this.overlay) if (doc && id.startsWith(prefix)) out.push(doc)
    return out.sort((a, b) => compareIds(a._id, b._id))
  }

  /**
   * The ids of the documents that may strongly reference `id` once this transaction is applied: those the
   * dataset's reference index names, and those it changes (checked by the caller against the documents).
   */
  referrers(id: string): Set<string> {
    const ids = new Set(this.state.referrersOf(id))
    for (const [other, doc] of this.overlay) if (doc) ids.add(other)
    return ids
  }

  /**
   * Applies one id-addressed mutation with @sanity/mutator, exactly as a listening Studio will replay it, and
   * records it for the document's listener event. The mutator sets `_rev`, `_updatedAt` and a missing `_createdAt`.
   * A document that would nest deeper than `maxDocumentDepth` is refused (400) before anything is kept.
   */
  apply(id: string, mutation: Mutation): SanityDocument | null {
    const copy = structuredClone(mutation)
    const current = this.get(id)
    const next = new MutatorMutation({
      mutations: [structuredClone(mutation)] as never,
      resultRev: this.transactionId,
      timestamp: this.timestamp,
    }).apply(current ? structuredClone(current) : null) as SanityDocument | null
    if (next && nestsDeeperThan(next, this.maxDocumentDepth)) {
      throw mutationError(
        400,
        `Document "${id}" would nest deeper than ${this.maxDocumentDepth} levels (JSON_MAX_DEPTH)`,
        { type: 'documentTooDeep', id },
      )
    }
    this.overlay.set(id, next)
    const list = this.touched.get(id)
    if (list) list.push(copy)
    else this.touched.set(id, [copy])
    return next
  }

  /** Each touched document before and after, without effects (cheap, for checks before the commit). */
  touchedDocuments(): { id: string; previous: SanityDocument | null; next: SanityDocument | null }[] {
    return [...this.touched.keys()].map((id) => ({ id, previous: this.state.get(id), next: this.get(id) }))
  }

  changes(): DocumentChange[] {
    const out: DocumentChange[] = []
    for (const [id, mutations] of this.touched) {
      const previous = this.state.get(id)
      const next = this.overlay.get(id) ?? null
      if (previous === null && next === null) continue
      out.push({ id, previous, next, mutations, effects: documentEffects(previous, next) })
    }
    return out
  }
}
