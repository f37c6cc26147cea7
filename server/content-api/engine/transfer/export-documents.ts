import { isDraftId } from '../ids'
import type { ContentStore } from '../store/content-store'
import type { SanityDocument } from '../types'

/** The dataset's documents in a stable order (by `_id`), optionally without drafts or limited to types. */
export function exportDocuments(
  store: ContentStore,
  dataset: string,
  options: { drafts?: boolean; types?: string[]; filter?: (doc: SanityDocument) => boolean } = {},
): SanityDocument[] {
  const docs = [...store.dataset(dataset).docs.values()]
    .filter((doc) => options.drafts !== false || !isDraftId(doc._id))
    .filter((doc) => !options.types || options.types.includes(doc._type))
    .filter((doc) => !options.filter || options.filter(doc))
  return docs.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
}
