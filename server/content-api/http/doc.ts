import type { RequestHandler } from 'express'
import { principalOf } from './access'
import { apiVersionOf } from './api-version'
import { flagParam, idsParam } from './request'
import { type ContentStore, type SanityDocument, canReadDocument } from '../engine'

const SYSTEM_FIELDS = ['_id', '_type', '_rev', '_createdAt', '_updatedAt'] as const

/** GET /data/doc/:dataset/:ids: the documents in the order asked, plus why any were left out. */
export function docHandler(store: ContentStore): RequestHandler {
  return (req, res) => {
    apiVersionOf(req)
    const state = store.dataset(String(req.params.dataset))
    const principal = principalOf(res)
    const excludeContent = flagParam(req, 'excludeContent')
    const documents: Partial<SanityDocument>[] = []
    const omitted: { id: string; reason: 'existence' | 'permission' }[] = []
    for (const id of idsParam(req)) {
      const doc = state.get(id)
      // Anonymous callers learn nothing about private ids, not even whether they exist.
      if (!canReadDocument(principal, id)) omitted.push({ id, reason: 'permission' })
      else if (!doc) omitted.push({ id, reason: 'existence' })
      else documents.push(excludeContent ? pick(doc) : doc)
    }
    res.json({ documents, omitted })
  }
}

function pick(doc: SanityDocument): Partial<SanityDocument> {
  const out: Partial<SanityDocument> = {}
  for (const key of SYSTEM_FIELDS) if (doc[key] !== undefined) out[key] = doc[key] as string
  return out
}
