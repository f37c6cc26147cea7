import type { SanityDocument } from '../types'
import { DocumentsById } from './documents-by-id'
import { ReferenceIndex } from './reference-index'

/** One commit's documents as it left them (null: deleted), by id, and the version it made. */
export type VersionChanges = { version: number; docs: ReadonlyMap<string, SanityDocument | null> }

/**
 * How many recent commits' changes are kept for query workers that are some versions behind (ADR 173). The pool
 * hands a query to its least busy worker, often the same one, so the others can sit out an editor's whole
 * session of commits; past this many, such a worker's next query waits for a snapshot of the whole dataset.
 */
export const RECENT_CHANGES_KEPT = 64

/**
 * The live documents of one dataset, parsed once and kept in memory. The single writer replaces entries on
 * commit and bumps `version`; readers get derived views (perspective arrays, query results) memoised per version,
 * so a query never re-parses stored JSON.
 */
export class DatasetState {
  /** In `_id` order, as Sanity answers `*` (documents-by-id.ts). */
  readonly docs = new DocumentsById()
  version = 0
  private derived = new Map<string, unknown>()
  /** Built on the first reference check, then kept up to date by each commit. */
  private references: ReferenceIndex | undefined
  private recent: VersionChanges[] = []

  constructor(readonly name: string) {}

  get(id: string): SanityDocument | null {
    return this.docs.get(id) ?? null
  }

  /** Memoises a value derived from the current version; dropped on the next commit. */
  memo<T>(key: string, compute: () => T): T {
    if (this.derived.has(key)) return this.derived.get(key) as T
    const value = compute()
    if (this.derived.size > 500) this.derived.clear()
    this.derived.set(key, value)
    return value
  }

  forget(key: string, value: unknown): void {
    if (this.derived.get(key) === value) this.derived.delete(key)
  }

  /**
   * A commit: writes its documents (null deletes) and makes the next version, remembering what it changed so
   * query workers can catch up from it (ADR 173) and keeping the reference index current.
   */
  apply(changes: ReadonlyMap<string, SanityDocument | null>): void {
    for (const [id, next] of changes) {
      this.references?.update(this.get(id), next)
      if (next) this.docs.set(id, next)
      else this.docs.delete(id)
    }
    this.version++
    this.derived = new Map()
    this.recent.push({ version: this.version, docs: changes })
    if (this.recent.length > RECENT_CHANGES_KEPT) this.recent.shift()
  }

  /**
   * A new version after `docs` was changed directly: what changed is unknown, so query workers rebuild their
   * view from a snapshot and the reference index is rebuilt when next needed.
   */
  bump(): void {
    this.version++
    this.derived = new Map()
    this.recent = []
    this.references = undefined
  }

  /** The latest commits' changes, oldest first, each one version after the one before. */
  recentChanges(): readonly VersionChanges[] {
    return this.recent
  }

  /** The ids of the documents that strongly reference `id` (release versions aside). */
  referrersOf(id: string): ReadonlySet<string> {
    this.references ??= ReferenceIndex.of(this.docs.values())
    return this.references.referrersOf(id)
  }
}
