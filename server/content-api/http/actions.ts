import type { RequestHandler } from 'express'
import { actionsBodySchema, applyActions, parseAction, type ContentStore } from '../engine'
import { parseWriteRequest } from './write-request'

/** POST /data/actions/:dataset: every action of a request in one transaction, answered with its id. */
export function actionsHandler(store: ContentStore): RequestHandler {
  return async (req, res) => {
    const { dataset, author, body } = parseWriteRequest(req, res, store, {
      schema: actionsBodySchema,
      shape: 'Request body must be {actions: [...], transactionId?, dryRun?}',
    })
    const actions = body.actions.map((raw, index) => parseAction(raw, index))
    const { transaction } = await store.commit(
      dataset,
      {
        author,
        transactionId: body.transactionId,
        dryRun: body.dryRun,
        request: body.actions,
      },
      (ws) => applyActions(ws, actions),
    )
    res.json({ transactionId: transaction.id })
  }
}
