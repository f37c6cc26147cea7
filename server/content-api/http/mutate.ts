import type { Request, RequestHandler } from 'express'
import {
  applyMutations,
  badRequest,
  checkReferenceIntegrity,
  checkReleaseRules,
  mutateBodySchema,
  type ContentStore,
} from '../engine'
import { flagParam, stringParam } from './request'
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
        transactionId: transactionIdOf(req, body.transactionId),
        dryRun: flagParam(req, 'dryRun'),
        request: body.mutations,
      },
      async (ws) => {
        const results = await applyMutations(ws, body.mutations, {
          autoGenerateArrayKeys: flagParam(req, 'autoGenerateArrayKeys'),
        })
        checkReferenceIntegrity(ws.touchedDocuments(), ws)
        checkReleaseRules(ws, 'mutationError')
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

/**
 * The transaction id the caller chose: Sanity's reference lists it as a query parameter of `data/mutate`, and
 * @sanity/client sends it in the body (`transactionId`). Either works; both at once must agree, since
 * neither can be said to win.
 */
function transactionIdOf(req: Request, fromBody: string | undefined): string | undefined {
  const fromQuery = stringParam(req, 'transactionId')
  if (fromQuery === undefined) return fromBody
  const parsed = mutateBodySchema.shape.transactionId.safeParse(fromQuery)
  if (!parsed.success) throw badRequest('Parameter "transactionId" must be 1 to 200 characters')
  if (fromBody !== undefined && fromBody !== fromQuery) {
    throw badRequest("The transactionId parameter and the body's transactionId differ; give one, or the same")
  }
  return fromQuery
}
