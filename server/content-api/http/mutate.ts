import type { RequestHandler } from 'express'
import { applyMutations, checkReferenceIntegrity, mutateBodySchema, type ContentStore } from '../engine'
import { flagParam } from './request'
import { parseWriteRequest } from './write-request'

/**
 * POST /data/mutate/:dataset. All mutations of a request are one transaction: all applied or none.
 * `visibility` (sync/async/deferred) makes no difference here: a commit is visible as soon as it returns.
 */
export function mutateHandler(store: ContentStore): RequestHandler {
  return async (req, res) => {
    const { dataset, author, body } = parseWriteRequest(req, res, store, {
      schema: mutateBodySchema,
      shape: 'Request body must be {mutations: [...], transactionId?}',
    })
    const { transaction, result } = await store.commit(
      dataset,
      {
        author,
        transactionId: body.transactionId,
        dryRun: flagParam(req, 'dryRun'),
        request: body.mutations,
      },
      async (ws) => {
        const results = await applyMutations(ws, body.mutations, {
          autoGenerateArrayKeys: flagParam(req, 'autoGenerateArrayKeys'),
        })
        checkReferenceIntegrity(ws.touchedDocuments(), ws)
        return results
      },
    )
    const returnDocuments = flagParam(req, 'returnDocuments')
    const changed = new Map(transaction.changes.map((change) => [change.id, change]))
    const results = result.map(({ id, operation }) => {
      if (!returnDocuments) return { id, operation }
      const change = changed.get(id)
      // A deleted document is returned as it was before the delete, as Sanity does.
      const document = change ? (change.next ?? change.previous) : store.dataset(dataset).get(id)
      return { id, operation, document }
    })
    res.json({
      transactionId: transaction.id,
      results,
      ...(flagParam(req, 'returnIds') ? { documentIds: results.map((r) => r.id) } : {}),
    })
  }
}
