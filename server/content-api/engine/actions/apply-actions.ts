import type { RequestHandler } from 'express'
import { z } from 'zod'
import { badRequest, conflict, mutationError } from '../errors'
import { getDraftId, getPublishedId, isValidDocumentId } from '../ids'
import { applyMutation, parseMutation } from '../mutations'
import type { ContentStore, WorkingSet } from '../store/content-store'
import type { SanityDocument } from '../types'
import { parseWriteRequest } from '../../http/write-request'

const id = z.string().min(1)
const attributes = z.looseObject({ _id: z.string().optional(), _type: z.string().min(1) })
const patchOperations = z.record(z.string(), z.unknown())

const actionSchema = z.discriminatedUnion('actionType', [
  z.object({
    actionType: z.literal('sanity.action.document.create'),
    publishedId: id,
    attributes,
    ifExists: z.enum(['fail', 'ignore']).default('fail'),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.edit'),
    draftId: id,
    publishedId: id,
    patch: patchOperations,
  }),
  z.object({
    actionType: z.literal('sanity.action.document.publish'),
    draftId: id,
    publishedId: id,
    ifDraftRevisionId: z.string().optional(),
    ifPublishedRevisionId: z.string().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.unpublish'), draftId: id, publishedId: id }),
  z.object({
    actionType: z.literal('sanity.action.document.delete'),
    publishedId: id,
    includeDrafts: z.array(id).default([]),
    purge: z.boolean().optional(),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.discard'),
    draftId: id,
    purge: z.boolean().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.replaceDraft'), publishedId: id, attributes }),
  z.object({
    actionType: z.literal('sanity.action.document.version.discard'),
    versionId: id,
    purge: z.boolean().optional(),
  }),
  z.object({
    actionType: z.literal('sanity.action.document.version.create'),
    publishedId: id,
    document: attributes.optional(),
    baseId: id.optional(),
    versionId: id.optional(),
    ifBaseRevisionId: z.string().optional(),
  }),
  z.object({ actionType: z.literal('sanity.action.document.version.replace'), document: attributes }),
])

type Action = z.infer<typeof actionSchema>

export const actionsBodySchema = z.object({
  actions: z.array(z.unknown()).min(1).max(1000),
  transactionId: z.string().min(1).max(200).optional(),
  dryRun: z.boolean().optional(),
  skipCrossDatasetReferenceValidation: z.boolean().optional(),
})

/** The Studio sends `_rev`, `_createdAt` and `_updatedAt` in attributes; the server owns those. */
function contentOf(doc: Record<string, unknown>): Record<string, unknown> {
  const { _rev: _r, _createdAt: _c, _updatedAt: _u, _originalId: _o, ...rest } = doc
  return rest
}

function actionError(status: number, description: string, type: string, docId: string, index: number) {
  return mutationError(status, description, { type, id: docId, index }, 'actionError')
}

function requireId(value: string, index: number): string {
  if (!isValidDocumentId(value))
    throw actionError(400, `Document ID "${value}" is not valid`, 'invalidDocumentId', value, index)
  return value
}

async function patch(ws: WorkingSet, docId: string, operations: Record<string, unknown>, index: number) {
  await applyMutation(ws, parseMutation({ patch: { ...operations, id: docId } }, index), index)
}

/**
 * Applies one action as id-addressed mutations on the working set, so listeners and history see ordinary
 * mutations (`create`, `patch`, `createOrReplace`, `delete`), exactly as the Studio replays them.
 */
async function applyAction(ws: WorkingSet, action: Action, index: number): Promise<void> {
  switch (action.actionType) {
    case 'sanity.action.document.create': {
      const target = requireId(action.attributes._id ?? getDraftId(action.publishedId), index)
      if (ws.get(target)) {
        if (action.ifExists === 'ignore') return
        throw actionError(
          409,
          `Document by ID "${target}" already exists`,
          'documentAlreadyExistsError',
          target,
          index,
        )
      }
      ws.apply(target, { create: { ...contentOf(action.attributes), _id: target } })
      return
    }
    case 'sanity.action.document.edit': {
      const draftId = requireId(action.draftId, index)
      if (!ws.get(draftId)) {
        // Editing a published document starts its draft from the published content.
        const published = ws.get(action.publishedId)
        if (!published)
          throw actionError(
            404,
            `Cannot edit "${draftId}": neither it nor "${action.publishedId}" exists`,
            'documentNotFoundError',
            draftId,
            index,
          )
        ws.apply(draftId, { create: { ...contentOf(published), _id: draftId } })
      }
      await patch(ws, draftId, action.patch, index)
      return
    }
    case 'sanity.action.document.publish': {
      const draft = ws.get(action.draftId)
      if (!draft)
        throw actionError(
          409,
          `Cannot publish: draft "${action.draftId}" does not exist`,
          'documentNotFoundError',
          action.draftId,
          index,
        )
      if (action.ifDraftRevisionId !== undefined && draft._rev !== action.ifDraftRevisionId) {
        throw conflict(
          `Draft "${action.draftId}" has revision "${draft._rev}", expected "${action.ifDraftRevisionId}"`,
          action.draftId,
          index,
          'actionError',
        )
      }
      const published = ws.get(action.publishedId)
      if (action.ifPublishedRevisionId !== undefined && published?._rev !== action.ifPublishedRevisionId) {
        throw conflict(
          `Published document "${action.publishedId}" has revision "${published?._rev ?? 'none'}", expected "${action.ifPublishedRevisionId}"`,
          action.publishedId,
          index,
          'actionError',
        )
      }
      const createdAt = published?._createdAt ?? draft._createdAt
      ws.apply(requireId(action.publishedId, index), {
        createOrReplace: {
          ...contentOf(draft),
          _id: action.publishedId,
          ...(createdAt ? { _createdAt: createdAt } : {}),
        },
      })
      ws.apply(action.draftId, { delete: { id: action.draftId } })
      return
    }
    case 'sanity.action.document.unpublish': {
      const published = ws.get(action.publishedId)
      if (!published)
        throw actionError(
          409,
          `Cannot unpublish: "${action.publishedId}" is not published`,
          'documentNotFoundError',
          action.publishedId,
          index,
        )
      if (!ws.get(action.draftId)) {
        ws.apply(requireId(action.draftId, index), {
          create: {
            ...contentOf(published),
            _id: action.draftId,
            ...(published._createdAt ? { _createdAt: published._createdAt } : {}),
          },
        })
      }
      ws.apply(action.publishedId, { delete: { id: action.publishedId } })
      return
    }
    case 'sanity.action.document.delete': {
      const targets = [
        ...new Set([action.publishedId, getDraftId(action.publishedId), ...action.includeDrafts]),
      ]
      const existing = targets.filter((target) => ws.get(target))
      if (existing.length === 0)
        throw actionError(
          409,
          `Cannot delete "${action.publishedId}": it does not exist`,
          'documentNotFoundError',
          action.publishedId,
          index,
        )
      for (const target of existing) ws.apply(target, { delete: { id: target } })
      return
    }
    case 'sanity.action.document.discard':
    case 'sanity.action.document.version.discard': {
      const target =
        action.actionType === 'sanity.action.document.discard' ? action.draftId : action.versionId
      if (getPublishedId(target) === target)
        throw actionError(400, `"${target}" is not a draft or version id`, 'invalidDocumentId', target, index)
      if (!ws.get(target))
        throw actionError(
          409,
          `Cannot discard "${target}": it does not exist`,
          'documentNotFoundError',
          target,
          index,
        )
      ws.apply(target, { delete: { id: target } })
      return
    }
    case 'sanity.action.document.replaceDraft': {
      const target = requireId(action.attributes._id ?? getDraftId(action.publishedId), index)
      const existing = ws.get(target)
      const createdAt = existing?._createdAt
      ws.apply(target, {
        createOrReplace: {
          ...contentOf(action.attributes),
          _id: target,
          ...(createdAt ? { _createdAt: createdAt } : {}),
        },
      })
      return
    }
    case 'sanity.action.document.version.create': {
      let source: Record<string, unknown>
      let target: string
      if (action.document) {
        target = requireId(action.document._id ?? getDraftId(action.publishedId), index)
        source = action.document
      } else {
        if (!action.baseId || !action.versionId)
          throw badRequest('version.create needs either document or baseId and versionId')
        const base = ws.get(action.baseId)
        if (!base)
          throw actionError(
            404,
            `Base document "${action.baseId}" not found`,
            'documentNotFoundError',
            action.baseId,
            index,
          )
        if (action.ifBaseRevisionId !== undefined && base._rev !== action.ifBaseRevisionId) {
          throw conflict(
            `Base "${action.baseId}" has revision "${base._rev}", expected "${action.ifBaseRevisionId}"`,
            action.baseId,
            index,
            'actionError',
          )
        }
        target = requireId(action.versionId, index)
        source = base
      }
      if (ws.get(target))
        throw actionError(
          409,
          `Document by ID "${target}" already exists`,
          'documentAlreadyExistsError',
          target,
          index,
        )
      ws.apply(target, { create: { ...contentOf(source), _id: target } })
      return
    }
    case 'sanity.action.document.version.replace': {
      const target = requireId(action.document._id ?? '', index)
      if (!ws.get(target))
        throw actionError(404, `Version "${target}" does not exist`, 'documentNotFoundError', target, index)
      ws.apply(target, {
        createOrReplace: {
          ...contentOf(action.document),
          _id: target,
          _createdAt: (ws.get(target) as SanityDocument)._createdAt,
        },
      })
      return
    }
  }
}

function parseAction(raw: unknown, index: number): Action {
  const type = (raw as { actionType?: unknown } | null)?.actionType
  const parsed = actionSchema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const known =
    typeof type === 'string' && actionSchema.options.some((o) => o.shape.actionType.value === type)
  const description = known
    ? `Action ${index} (${String(type)}) is invalid at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`
    : `Action ${index} has unsupported actionType ${JSON.stringify(type)}`
  throw mutationError(400, description, { type: 'invalidAction', index }, 'actionError')
}

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
      async (ws) => {
        for (const [index, action] of actions.entries()) await applyAction(ws, action, index)
      },
    )
    res.json({ transactionId: transaction.id })
  }
}
