import { mutationError } from '../errors'
import { getPublishedId, getVersionName, isVersionId } from '../ids'
import { publishReleaseIn } from '../releases/publish-release'
import {
  RELEASE_DOCUMENT_TYPE,
  RELEASE_TYPES,
  findRelease,
  isValidReleaseId,
  releaseDocumentId,
  releaseError,
  releaseVersions,
  requireRelease,
  requireState,
  type ReleaseDocument,
} from '../releases/release-document'
import type { WorkingSet } from '../store/working-set'
import type { ActionContext } from './action-context'
import type { ActionOf, ActionType } from './action-schema'
import { contentOf } from './document-content'

type ReleaseActionType = Extract<ActionType, `sanity.action.release.${string}`>
type Handler<T extends ActionType> = (
  ws: WorkingSet,
  action: ActionOf<T>,
  index: number,
  context: ActionContext,
) => void

function patchRelease(
  ws: WorkingSet,
  release: ReleaseDocument,
  set: Record<string, unknown>,
  unset: string[],
) {
  ws.apply(release._id, { patch: { id: release._id, set, unset: [...unset, 'error'] } })
}

/** Removes the release's versions, listing them in `finalDocumentStates` as the Studio reads archived ones. */
function archiveIn(ws: WorkingSet, release: ReleaseDocument): void {
  const versions = releaseVersions(ws, release.name)
  for (const version of versions) ws.apply(version._id, { delete: { id: version._id } })
  patchRelease(
    ws,
    release,
    { state: 'archived', finalDocumentStates: versions.map((v) => ({ id: v._id })) },
    [],
  )
}

function unarchiveIn(ws: WorkingSet, release: ReleaseDocument, index: number, context: ActionContext): void {
  const versions = context.versionsBeforeArchive?.(release) ?? []
  for (const version of versions) {
    if (ws.get(version._id))
      throw releaseError(
        409,
        'documentAlreadyExistsError',
        `Cannot unarchive release "${release.name}": "${version._id}" exists again`,
        release.name,
        index,
      )
    ws.apply(version._id, { create: { ...contentOf(version), _id: version._id } })
  }
  patchRelease(ws, release, { state: 'active' }, ['finalDocumentStates'])
}

/** After an edit the release must still be one: same name and state, a known release type. */
function checkEditedRelease(ws: WorkingSet, before: ReleaseDocument, index: number): void {
  const after = findRelease(ws, before.name)
  const releaseType = after?.metadata?.releaseType
  const intact =
    after !== null &&
    after.state === before.state &&
    after.name === before.name &&
    after._type === RELEASE_DOCUMENT_TYPE &&
    (RELEASE_TYPES as readonly unknown[]).includes(releaseType)
  if (!intact)
    throw releaseError(
      400,
      'invalidPatch',
      `Release "${before.name}": a release edit may change its metadata only, and releaseType must be one of ${RELEASE_TYPES.join(', ')}`,
      before.name,
      index,
    )
}

/** Sanity's release actions (ADR 180); each changes the release document and its versions in one transaction. */
export const releaseHandlers: { [T in ReleaseActionType]: Handler<T> } = {
  'sanity.action.release.create': (ws, action, index, context) => {
    const { releaseId } = action
    if (!isValidReleaseId(releaseId))
      throw releaseError(400, 'invalidReleaseId', `Release ID "${releaseId}" is not valid`, releaseId, index)
    if (ws.get(releaseDocumentId(releaseId)))
      throw releaseError(
        409,
        'documentAlreadyExistsError',
        `Release "${releaseId}" already exists`,
        releaseId,
        index,
      )
    ws.apply(releaseDocumentId(releaseId), {
      create: {
        _id: releaseDocumentId(releaseId),
        _type: RELEASE_DOCUMENT_TYPE,
        name: releaseId,
        state: 'active',
        ...(context.author ? { userId: context.author } : {}),
        metadata: { ...action.metadata, releaseType: action.metadata.releaseType ?? 'undecided' },
      },
    })
  },

  'sanity.action.release.edit': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['active', 'scheduled'], 'edit', index)
    try {
      ws.apply(release._id, { patch: { ...action.patch, id: release._id } })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw releaseError(400, 'invalidPatch', `Release "${release.name}": ${message}`, release.name, index)
    }
    checkEditedRelease(ws, release, index)
  },

  'sanity.action.release.publish': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['active', 'scheduled'], 'publish', index)
    publishReleaseIn(ws, release)
  },

  'sanity.action.release.schedule': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['active'], 'schedule', index)
    const publishAt = new Date(action.publishAt).toISOString()
    patchRelease(ws, release, { state: 'scheduled', publishAt }, [])
    // A time already past publishes now, as Sanity does.
    if (publishAt <= ws.timestamp) publishReleaseIn(ws, requireRelease(ws, action.releaseId, index))
  },

  'sanity.action.release.unschedule': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['scheduled'], 'unschedule', index)
    patchRelease(ws, release, { state: 'active' }, ['publishAt'])
  },

  'sanity.action.release.archive': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['active'], 'archive', index)
    archiveIn(ws, release)
  },

  'sanity.action.release.unarchive': (ws, action, index, context) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['archived'], 'unarchive', index)
    unarchiveIn(ws, release, index, context)
  },

  'sanity.action.release.delete': (ws, action, index) => {
    const release = requireRelease(ws, action.releaseId, index)
    requireState(release, ['archived', 'published'], 'delete', index)
    ws.apply(release._id, { delete: { id: release._id } })
  },
}

/**
 * `version.unpublish`: the release will remove the published document. The version is marked `_system.delete`
 * (what the Studio reads as "going to unpublish"), made from the published document when there is none yet.
 */
export function unpublishVersion(
  ws: WorkingSet,
  action: ActionOf<'sanity.action.document.version.unpublish'>,
  index: number,
): void {
  const { versionId, publishedId } = action
  const release = getVersionName(versionId)
  if (!isVersionId(versionId) || !release || getPublishedId(versionId) !== publishedId)
    throw mutationError(
      400,
      `"${versionId}" is not a release version of "${publishedId}"`,
      { type: 'invalidDocumentId', id: versionId, index },
      'actionError',
    )
  if (ws.get(versionId)) {
    ws.apply(versionId, { patch: { id: versionId, setIfMissing: { _system: {} } } })
    ws.apply(versionId, { patch: { id: versionId, set: { '_system.delete': true } } })
    return
  }
  const published = ws.get(publishedId)
  if (!published)
    throw mutationError(
      409,
      `Cannot unpublish "${publishedId}": it is not published`,
      { type: 'documentNotFoundError', id: publishedId, index },
      'actionError',
    )
  ws.apply(versionId, { create: { ...contentOf(published), _id: versionId, _system: { delete: true } } })
}
