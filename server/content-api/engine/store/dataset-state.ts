import type { SanityDocument } from '../types'
import { DocumentsById } from './documents-by-id'

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

  bump(): void {
    this.version++
    this.derived = new Map()
  }
}
