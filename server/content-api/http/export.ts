import type { RequestHandler } from 'express'
import { canReadDocument, exportDocuments, toNdjson, type ContentStore } from '../engine'
import { principalOf } from './access'
import { apiVersionOf } from './api-version'
import { flagParam, stringParam } from './request'

/** GET /data/export/:dataset: the dataset as NDJSON, streamed in chunks; `?types=a,b`, `?drafts=false`. */
export function exportHandler(store: ContentStore): RequestHandler {
  return async (req, res) => {
    apiVersionOf(req)
    const dataset = String(req.params.dataset)
    const principal = principalOf(res)
    const types = stringParam(req, 'types')?.split(',').filter(Boolean)
    const docs = exportDocuments(store, dataset, {
      drafts: flagParam(req, 'drafts', true),
      types,
      filter: (doc) => canReadDocument(principal, doc._id),
    })
    res.type('application/x-ndjson')
    res.set('Content-Disposition', `attachment; filename="${dataset}.ndjson"`)
    for (let i = 0; i < docs.length; i += 200) {
      if (!res.write(toNdjson(docs.slice(i, i + 200))))
        await new Promise((resolve) => res.once('drain', resolve))
    }
    res.end()
  }
}
