import type { RequestHandler } from 'express'
import { assertCanWrite, identityOf, principalOf } from './access'
import { badRequest } from './errors'
import { applyMutations, mutateBodySchema } from './mutations'
import { apiVersionOf, flagParam } from './request'
import type { ContentStore } from './store'

/**
 * POST /data/mutate/:dataset. All mutations of a request are one transaction: all applied or none.
 * `visibility` (sync/async/deferred) makes no difference here: a commit is visible as soon as it returns.
 */
export function mutateHandler(store: ContentStore): RequestHandler {
  return async (req, res) => {
    apiVersionOf(req)
    const dataset = String(req.params.dataset)
    store.dataset(dataset)
    const principal = principalOf(res)
    assertCanWrite(principal)
    const body = mutateBodySchema.safeParse(req.body)
    if (!body.success) throw badRequest('Request body must be {mutations: [...], transactionId?}')
    const { transaction, result } = await store.commit(
      dataset,
      {
        author: identityOf(principal),
        transactionId: body.data.transactionId,
        dryRun: flagParam(req, 'dryRun'),
        request: body.data.mutations,
      },
      (ws) =>
        applyMutations(ws, body.data.mutations, {
          autoGenerateArrayKeys: flagParam(req, 'autoGenerateArrayKeys'),
        }),
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
