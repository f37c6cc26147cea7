import { applyPatch } from 'mendoza'
import type { ContentStore } from './store/content-store'
import type { SanityDocument } from './types'

/**
 * The document as it was right after transaction `seq` (or null if it did not exist then), rebuilt from the
 * current document by applying `revert` effects newest first.
 */
export function documentAt(
  store: ContentStore,
  dataset: string,
  id: string,
  seq: number,
): SanityDocument | null {
  const rows = store.documentHistory(dataset, [id])
  const current = store.dataset(dataset).get(id)
  let doc: Record<string, unknown> | null = null
  if (current) {
    const { _rev: _ignored, ...rest } = current
    doc = rest
  }
  for (let i = rows.length - 1; i >= 0 && rows[i]!.seq > seq; i--) {
    doc = applyPatch(doc, rows[i]!.effects.revert as never) as Record<string, unknown> | null
  }
  if (!doc) return null
  const last = rows.filter((row) => row.seq <= seq).at(-1)
  return { ...doc, _rev: last?.resultRev ?? undefined } as SanityDocument
}
