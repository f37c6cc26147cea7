import type { RequestHandler } from 'express'
import {
  actionsBodySchema,
  applyActions,
  canWrite,
  insufficientPermissions,
  parseAction,
  versionsBeforeArchive,
  type ContentStore,
} from '../engine'
import { principalOf } from './access'
import { apiVersionOf } from './api-version'
import { parseWriteRequest } from './write-request'

/**
 * POST /data/actions/:dataset: every action of a request in one transaction, answered with its id. A signed-in
 * caller who may not write gets `insufficientPermissionsError`, which the Studio's dry-run probes read (ADR 180).
 */
export function actionsHandler(store: ContentStore): RequestHandler {
  return async (req, res) => {
    const principal = principalOf(res)
    if (principal.kind !== 'anonymous' && !canWrite(principal)) {
      apiVersionOf(req)
      store.dataset(String(req.params.dataset))
      throw insufficientPermissions()
    }
    const { dataset, author, body } = parseWriteRequest(req, res, store, {
      schema: actionsBodySchema,
      shape: 'Request body must be {actions: [...], transactionId?, dryRun?}',
    })
    const actions = body.actions.map((raw, index) => parseAction(raw, index))
    const context = { author, versionsBeforeArchive: versionsBeforeArchive(store, dataset) }
    const { transaction } = await store.commit(
      dataset,
      {
        author,
        transactionId: body.transactionId,
        dryRun: body.dryRun,
        request: body.actions,
      },
      (ws) => applyActions(ws, actions, context),
    )
    res.json({ transactionId: transaction.id })
  }
}
