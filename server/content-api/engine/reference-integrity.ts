import { mutationError } from './errors'
import { compareIds, isVersionId } from './ids'
import type { SanityDocument } from './types'

/** What a transaction did to one document. */
export type TouchedDocument = { id: string; previous: SanityDocument | null; next: SanityDocument | null }

/**
 * Referential integrity as the Content Lake keeps it (ADR 140): a strong reference (`{_ref}` without `_weak`)
 * must point at an existing document, and a document that strong references point at cannot be deleted or
 * change its `_type`. Weak references, cross-dataset and global references (`_dataset`, `_projectId`, or a `:`
 * in `_ref`) are not checked. Release versions (`versions.*`) neither hold nor need strong references here: the
 * Studio writes their references without `_weak` and relies on the release's publish to check them.
 */

/** Calls `visit` with every strong local reference object in `doc`, in document order. */
export function visitStrongReferences(doc: unknown, visit: (ref: Record<string, unknown>) => void): void {
  const stack: unknown[] = [doc]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i])
      continue
    }
    if (!node || typeof node !== 'object') continue
    const record = node as Record<string, unknown>
    if (typeof record._ref === 'string' && isStrongLocal(record)) visit(record)
    const values = Object.values(record)
    for (let i = values.length - 1; i >= 0; i--)
      if (values[i] && typeof values[i] === 'object') stack.push(values[i])
  }
}

/** The ids a document strongly references, in document order, without repeats. */
export function strongReferences(doc: unknown): string[] {
  const found = new Set<string>()
  visitStrongReferences(doc, (ref) => found.add(ref._ref as string))
  return [...found]
}

/** A strong reference whose target does not exist. */
export type DanglingReference = { id: string; referenceID: string }

/**
 * The strong references of `docs` (release versions aside, as above) whose target is neither one of `docs`
 * nor a document `exists` knows: what writing `docs` together would leave dangling.
 */
export function danglingReferences(
  docs: readonly SanityDocument[],
  exists: (id: string) => boolean,
): DanglingReference[] {
  const incoming = new Set(docs.map((doc) => doc._id))
  const dangling: DanglingReference[] = []
  for (const doc of docs) {
    if (isVersionId(doc._id)) continue
    for (const ref of strongReferences(doc)) {
      if (!incoming.has(ref) && !exists(ref)) dangling.push({ id: doc._id, referenceID: ref })
    }
  }
  return dangling
}

function isStrongLocal(ref: Record<string, unknown>): boolean {
  return (
    !ref._weak &&
    ref._dataset === undefined &&
    ref._projectId === undefined &&
    !String(ref._ref).includes(':')
  )
}

export type IntegrityView = {
  /** A document as the transaction leaves it, or null. */
  get: (id: string) => SanityDocument | null
  /** Every document as the transaction leaves it. */
  all: () => Iterable<SanityDocument>
  /**
   * The ids of the documents that may strongly reference `id` as the transaction leaves them, at least every
   * one that does (an index of references): without it, a delete walks every document.
   */
  referrers?: (id: string) => Iterable<string>
}

/**
 * Throws Sanity's 409 mutation error when the changes of one transaction would break a strong reference. Only
 * references a change adds are checked for their target, so documents imported with a dangling reference stay
 * editable; deletions and type changes are checked against every remaining document.
 */
export function checkReferenceIntegrity(
  changes: TouchedDocument[],
  view: IntegrityView,
  kind: 'mutationError' | 'actionError' = 'mutationError',
): void {
  for (const change of changes) {
    if (!change.next || isVersionId(change.id)) continue
    const before = new Set(change.previous ? strongReferences(change.previous) : [])
    const missing = strongReferences(change.next).find((ref) => !before.has(ref) && !view.get(ref))
    if (missing !== undefined) {
      throw mutationError(
        409,
        `Document "${change.id}" references non-existent document "${missing}"`,
        { type: 'documentReferenceDoesNotExistError', id: change.id, referenceID: missing },
        kind,
      )
    }
  }

  const guarded = new Map<string, TouchedDocument>()
  for (const change of changes) {
    const removed = change.previous && !change.next
    const retyped = change.previous && change.next && change.previous._type !== change.next._type
    if (removed || retyped) guarded.set(change.id, change)
  }
  if (guarded.size === 0) return
  const referencing = view.referrers ? referencingByIndex(guarded, view) : referencingByScan(guarded, view)
  for (const [id, change] of guarded) {
    const referencingIDs = referencing.get(id)
    if (!referencingIDs) continue
    const description = change.next
      ? `Document "${id}" cannot change type from "${change.previous!._type}" to "${change.next._type}" as there are references to it from "${referencingIDs[0]}"`
      : `Document "${id}" cannot be deleted as there are references to it from "${referencingIDs[0]}"`
    throw mutationError(
      409,
      description,
      { type: 'documentHasExistingReferencesError', id, referencingIDs },
      kind,
    )
  }
}

/** For each of `guarded`, the documents that strongly reference it, in `_id` order: every document walked. */
function referencingByScan(guarded: ReadonlyMap<string, unknown>, view: IntegrityView) {
  const referencing = new Map<string, string[]>()
  for (const doc of view.all()) {
    if (isVersionId(doc._id)) continue
    for (const ref of strongReferences(doc)) {
      if (!guarded.has(ref) || ref === doc._id) continue
      referencing.set(ref, [...(referencing.get(ref) ?? []), doc._id])
    }
  }
  return referencing
}

/** The same as referencingByScan, walking only the documents the view's index names. */
function referencingByIndex(guarded: ReadonlyMap<string, unknown>, view: IntegrityView) {
  const referencing = new Map<string, string[]>()
  for (const id of guarded.keys()) {
    const ids = [...view.referrers!(id)].filter((other) => {
      if (other === id || isVersionId(other)) return false
      const doc = view.get(other)
      return doc !== null && strongReferences(doc).includes(id)
    })
    if (ids.length > 0) referencing.set(id, ids.sort(compareIds))
  }
  return referencing
}
