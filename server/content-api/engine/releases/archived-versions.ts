import { documentAt } from '../history'
import type { ContentStore } from '../store/content-store'
import type { SanityDocument } from '../types'
import type { ReleaseDocument } from './release-document'

/**
 * The versions an archived release held just before its archive, rebuilt from the transaction log (ADR 180):
 * the archive transaction is the release's last revision (archived releases take no edits), and its
 * `finalDocumentStates` name the versions it removed.
 */
export function versionsBeforeArchive(store: ContentStore, dataset: string) {
  return (release: ReleaseDocument): SanityDocument[] => {
    const archived = release._rev ? store.transactionInfo(dataset, release._rev) : null
    if (!archived) return []
    return (release.finalDocumentStates ?? [])
      .map(({ id }) => documentAt(store, dataset, id, archived.seq - 1))
      .filter((doc): doc is SanityDocument => doc !== null)
  }
}
