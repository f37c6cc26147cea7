import type { SanityDocument } from '../types'

/** The Studio sends `_rev`, `_createdAt` and `_updatedAt` in attributes; the server owns those. */
export function contentOf(doc: Record<string, unknown>): Record<string, unknown> {
  const { _rev: _r, _createdAt: _c, _updatedAt: _u, _originalId: _o, ...rest } = doc
  return rest
}

/** The `_createdAt` to keep when a document is replaced, if the old one had one. */
export function keptCreatedAt(doc: SanityDocument | null | undefined): { _createdAt?: string } {
  return doc?._createdAt ? { _createdAt: doc._createdAt } : {}
}
