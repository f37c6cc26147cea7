import type { ContentStore } from '../engine'
import type { AssetDocument, AssetDocumentStore } from './asset-types'

/**
 * Asset documents live in the content store like any document: created in a transaction (createIfNotExists),
 * so they have a `_rev`, show up in queries and reach listeners, as in Sanity.
 */
export function storeAssetDocuments(store: ContentStore): AssetDocumentStore {
  return {
    getDocument: (dataset, id) => (store.dataset(dataset).get(id) as AssetDocument | null) ?? null,
    async createIfNotExists(dataset, document, identity) {
      const { result } = await store.commit(dataset, { author: identity }, (ws) => {
        // Checked inside the transaction: a concurrent upload of the same bytes may have won the race.
        const existing = ws.get(document._id)
        return existing ?? ws.apply(document._id, { createIfNotExists: document })
      })
      return result as AssetDocument
    },
  }
}
