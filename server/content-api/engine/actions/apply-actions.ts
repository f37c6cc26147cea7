import { badRequest, conflict, mutationError } from '../errors'
import { getDraftId, getPublishedId, isValidDocumentId, VERSIONS_PREFIX } from '../ids'
import { applyMutation, parseMutation } from '../mutations'
import { checkReferenceIntegrity } from '../reference-integrity'
import type { WorkingSet } from '../store/working-set'
import { strengthenOnPublish } from '../strengthen-on-publish'
import type { SanityDocument } from '../types'
import type { Action, ActionOf, ActionType } from './action-schema'
import { contentOf, keptCreatedAt } from './document-content'
import type { ActionContext } from './action-context'
import { releaseHandlers, unpublishVersion } from './release-actions'
import { checkReleaseRules } from '../releases/release-rules'

function actionError(status: number, description: string, type: string, docId: string, index: number) {
  return mutationError(status, description, { type, id: docId, index }, 'actionError')
}

function requireId(value: string, index: number): string {
  if (!isValidDocumentId(value))
    throw actionError(400, `Document ID "${value}" is not valid`, 'invalidDocumentId', value, index)
  return value
}

/** The document the action needs; `status` and `description` say how its absence is answered. */
function mustExist(ws: WorkingSet, id: string, index: number, status: number, description: string) {
  const doc = ws.get(id)
  if (!doc) throw actionError(status, description, 'documentNotFoundError', id, index)
  return doc
}

function mustNotExist(ws: WorkingSet, id: string, index: number): void {
  if (ws.get(id))
    throw actionError(409, `Document by ID "${id}" already exists`, 'documentAlreadyExistsError', id, index)
}

/** `if...RevisionId` preconditions: 409 when the document is not at the revision the caller last saw. */
function assertRevision(
  doc: SanityDocument | null,
  expected: string | undefined,
  what: string,
  id: string,
  index: number,
): void {
  if (expected === undefined || doc?._rev === expected) return
  const actual = doc?._rev ?? 'none'
  throw conflict(
    `${what} "${id}" has revision "${actual}", expected "${expected}"`,
    id,
    { current: doc?._rev, expected },
    index,
    'actionError',
  )
}

async function patch(ws: WorkingSet, docId: string, operations: Record<string, unknown>, index: number) {
  await applyMutation(ws, parseMutation({ patch: { ...operations, id: docId } }, index), index)
}

function discard(ws: WorkingSet, target: string, index: number): void {
  if (getPublishedId(target) === target)
    throw actionError(400, `"${target}" is not a draft or version id`, 'invalidDocumentId', target, index)
  mustExist(ws, target, index, 409, `Cannot discard "${target}": it does not exist`)
  ws.apply(target, { delete: { id: target } })
}

type ActionHandler<T extends ActionType> = (
  ws: WorkingSet,
  action: ActionOf<T>,
  index: number,
  context: ActionContext,
) => void | Promise<void>

type DocumentActionType = Exclude<
  ActionType,
  `sanity.action.release.${string}` | 'sanity.action.document.version.unpublish'
>

/**
 * One small handler per action type. Each applies its action as id-addressed mutations on the working set, so
 * listeners and history see ordinary mutations (`create`, `patch`, `createOrReplace`, `delete`), exactly as the
 * Studio replays them.
 */
const documentHandlers: { [T in DocumentActionType]: ActionHandler<T> } = {
  'sanity.action.document.create': (ws, action, index) => {
    const target = requireId(action.attributes._id ?? getDraftId(action.publishedId), index)
    if (ws.get(target) && action.ifExists === 'ignore') return
    mustNotExist(ws, target, index)
    ws.apply(target, { create: { ...contentOf(action.attributes), _id: target } })
  },

  'sanity.action.document.edit': async (ws, action, index) => {
    const draftId = requireId(action.draftId, index)
    if (!ws.get(draftId)) {
      // Editing a published document starts its draft from the published content.
      const published = mustExist(
        ws,
        action.publishedId,
        index,
        404,
        `Cannot edit "${draftId}": neither it nor "${action.publishedId}" exists`,
      )
      ws.apply(draftId, { create: { ...contentOf(published), _id: draftId } })
    }
    await patch(ws, draftId, action.patch, index)
  },

  'sanity.action.document.publish': (ws, action, index) => {
    const draft = mustExist(
      ws,
      action.draftId,
      index,
      409,
      `Cannot publish: draft "${action.draftId}" does not exist`,
    )
    assertRevision(draft, action.ifDraftRevisionId, 'Draft', action.draftId, index)
    const published = ws.get(action.publishedId)
    assertRevision(published, action.ifPublishedRevisionId, 'Published document', action.publishedId, index)
    ws.apply(requireId(action.publishedId, index), {
      createOrReplace: {
        ...strengthenOnPublish(contentOf(draft)),
        _id: action.publishedId,
        ...keptCreatedAt(published?._createdAt ? published : draft),
      },
    })
    ws.apply(action.draftId, { delete: { id: action.draftId } })
  },

  'sanity.action.document.unpublish': (ws, action, index) => {
    const published = mustExist(
      ws,
      action.publishedId,
      index,
      409,
      `Cannot unpublish: "${action.publishedId}" is not published`,
    )
    if (!ws.get(action.draftId)) {
      ws.apply(requireId(action.draftId, index), {
        create: { ...contentOf(published), _id: action.draftId, ...keptCreatedAt(published) },
      })
    }
    ws.apply(action.publishedId, { delete: { id: action.publishedId } })
  },

  'sanity.action.document.delete': (ws, action, index) => {
    const targets = [...new Set([action.publishedId, ...action.includeDrafts])]
    const unlisted = unlistedVersions(ws, action.publishedId, targets)
    if (unlisted)
      throw actionError(
        409,
        `Cannot delete "${action.publishedId}": its draft or version "${unlisted}" is not listed in includeDrafts`,
        'documentHasUnlistedVersionsError',
        unlisted,
        index,
      )
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
  },

  'sanity.action.document.discard': (ws, action, index) => discard(ws, action.draftId, index),

  'sanity.action.document.version.discard': (ws, action, index) => discard(ws, action.versionId, index),

  'sanity.action.document.replaceDraft': (ws, action, index) => {
    const target = requireId(action.attributes._id ?? getDraftId(action.publishedId), index)
    ws.apply(target, {
      createOrReplace: { ...contentOf(action.attributes), _id: target, ...keptCreatedAt(ws.get(target)) },
    })
  },

  'sanity.action.document.version.create': (ws, action, index) => {
    const { target, source } = versionSource(ws, action, index)
    mustNotExist(ws, target, index)
    ws.apply(target, { create: { ...contentOf(source), _id: target } })
  },

  'sanity.action.document.version.replace': (ws, action, index) => {
    const target = requireId(action.document._id ?? '', index)
    const existing = mustExist(ws, target, index, 404, `Version "${target}" does not exist`)
    ws.apply(target, {
      createOrReplace: { ...contentOf(action.document), _id: target, _createdAt: existing._createdAt },
    })
  },
}

const handlers: { [T in ActionType]: ActionHandler<T> } = {
  ...documentHandlers,
  ...releaseHandlers,
  'sanity.action.document.version.unpublish': unpublishVersion,
}

/** What `version.create` copies: the given document, or the base document at the expected revision. */
function versionSource(
  ws: WorkingSet,
  action: ActionOf<'sanity.action.document.version.create'>,
  index: number,
): { target: string; source: Record<string, unknown> } {
  if (action.document) {
    return {
      target: requireId(action.document._id ?? getDraftId(action.publishedId), index),
      source: action.document,
    }
  }
  if (!action.baseId || !action.versionId)
    throw badRequest('version.create needs either document or baseId and versionId')
  const base = mustExist(ws, action.baseId, index, 404, `Base document "${action.baseId}" not found`)
  assertRevision(base, action.ifBaseRevisionId, 'Base', action.baseId, index)
  return { target: requireId(action.versionId, index), source: base }
}

/** A draft or release version of the document that a delete would leave behind (Sanity deletes only listed ones). */
function unlistedVersions(ws: WorkingSet, publishedId: string, listed: string[]): string | undefined {
  const draftId = getDraftId(publishedId)
  if (ws.get(draftId) && !listed.includes(draftId)) return draftId
  return ws
    .withPrefix(VERSIONS_PREFIX)
    .find((doc) => getPublishedId(doc._id) === publishedId && !listed.includes(doc._id))?._id
}

/**
 * Applies parsed actions in order on one working set, then checks the references they leave: the caller commits
 * them as one transaction.
 */
export async function applyActions(
  ws: WorkingSet,
  actions: Action[],
  context: ActionContext = {},
): Promise<void> {
  for (const [index, action] of actions.entries()) {
    const handler = handlers[action.actionType] as ActionHandler<typeof action.actionType>
    await handler(ws, action as never, index, context)
  }
  checkReferenceIntegrity(ws.touchedDocuments(), ws, 'actionError')
  checkReleaseRules(ws, 'actionError')
}
