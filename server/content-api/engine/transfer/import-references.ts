import { ContentApiError } from '../errors'
import {
  checkReferenceIntegrity,
  danglingReferences,
  visitStrongReferences,
  type DanglingReference,
} from '../reference-integrity'
import type { DatasetState } from '../store/dataset-state'
import type { SanityDocument } from '../types'

/**
 * What an import does with strong references to documents that are neither in the import nor in the dataset:
 * `refuse` (the default) fails the import before anything is written, listing them; `weaken` imports them as
 * weak references (`_weak: true`), which is where Sanity's own import leaves them when its final
 * "strengthen references" step fails on a missing target (ADR 140).
 */
export type MissingReferences = 'refuse' | 'weaken'

const LISTED = 20

export class MissingReferencesError extends ContentApiError {
  constructor(
    readonly dataset: string,
    readonly dangling: DanglingReference[],
  ) {
    const shown = dangling.slice(0, LISTED).map((d) => `${d.id} -> ${d.referenceID}`)
    const more = dangling.length > LISTED ? `, and ${dangling.length - LISTED} more` : ''
    super(
      409,
      'documentReferenceDoesNotExistError',
      `The import has ${dangling.length} strong reference(s) to documents that are neither in the import nor in dataset "${dataset}": ${shown.join(', ')}${more}. Import those documents too, make the references weak (_weak: true), or import with --weaken-missing-references.`,
      { references: dangling.slice(0, 1000), count: dangling.length },
    )
    this.name = 'MissingReferencesError'
  }
}

/**
 * The documents an import may write without breaking a strong reference: dangling ones refused or weakened
 * (copies; the input is not changed), and, through the write path's own check, no replacement that changes the
 * `_type` of a document something else in the dataset strongly references.
 */
export function settleImportReferences(
  dataset: string,
  state: DatasetState,
  docs: SanityDocument[],
  options: { mode: 'create' | 'replace' | 'missing'; missingReferences?: MissingReferences },
): SanityDocument[] {
  // In "missing" mode an existing document is kept, so what the import says about it does not count.
  const written = options.mode === 'missing' ? docs.filter((doc) => !state.get(doc._id)) : docs
  const dangling = danglingReferences(written, (id) => state.get(id) !== null)
  let settled = docs
  if (dangling.length > 0) {
    if ((options.missingReferences ?? 'refuse') === 'refuse')
      throw new MissingReferencesError(dataset, dangling)
    const missing = new Set(dangling.map((d) => d.referenceID))
    const sources = new Set(dangling.map((d) => d.id))
    settled = docs.map((doc) => {
      if (!sources.has(doc._id)) return doc
      const copy = structuredClone(doc)
      visitStrongReferences(copy, (ref) => {
        if (missing.has(ref._ref as string)) ref._weak = true
      })
      return copy
    })
  }
  const incoming = new Map(settled.map((doc) => [doc._id, doc]))
  const retyped = settled
    .filter((doc) => options.mode !== 'missing' || !state.get(doc._id))
    .map((doc) => ({ id: doc._id, previous: state.get(doc._id), next: doc }))
    .filter((change) => change.previous && change.previous._type !== change.next._type)
  if (retyped.length > 0) {
    checkReferenceIntegrity(retyped, {
      get: (id) => incoming.get(id) ?? state.get(id),
      all: function* () {
        for (const doc of state.docs.values()) if (!incoming.has(doc._id)) yield doc
        yield* incoming.values()
      },
    })
  }
  return settled
}
