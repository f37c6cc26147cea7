import { mutationError } from '../errors'
import { getVersionName, isPublishedId, isVersionId } from '../ids'
import { strongReferences } from '../reference-integrity'
import type { WorkingSet } from '../store/working-set'
import { MAX_RELEASE_BYTES, MAX_RELEASE_DOCUMENTS } from './release-limits'
import {
  RELEASE_DOCUMENTS_PREFIX,
  isRelease,
  releaseDocumentId,
  releaseVersions,
  type ReleaseDocument,
} from './release-document'

type Kind = 'mutationError' | 'actionError'

/**
 * The rules a transaction must keep for releases (ADR 180), whichever endpoint wrote it: a scheduled release's
 * versions are locked (and so are the documents they reference, against deletion); a published or archived
 * release's versions no longer change; release documents change through release actions only; a release holds at most Sanity's number and bytes of documents. A
 * transaction that moves the release itself (publish, unschedule, archive...) is the one allowed to touch them.
 */
export function checkReleaseRules(ws: WorkingSet, kind: Kind): void {
  const touched = ws.touchedDocuments()
  const releases = new Set<string>()
  for (const change of touched) {
    if (kind === 'mutationError' && change.id.startsWith(RELEASE_DOCUMENTS_PREFIX))
      throw mutationError(
        400,
        `Release document "${change.id}" changes through release actions only`,
        { type: 'invalidDocumentId', id: change.id },
        kind,
      )
    if (!isVersionId(change.id)) continue
    const releaseId = getVersionName(change.id)!
    checkLock(ws, releaseId, change.id, kind)
    // Limits are counted when a version joins a release, so edits to one document stay cheap.
    if (change.next && !change.previous) releases.add(releaseId)
  }
  for (const releaseId of releases) checkLimits(ws, releaseId, kind)
  const deleted = touched.filter((c) => c.previous && !c.next && isPublishedId(c.id)).map((c) => c.id)
  if (deleted.length > 0) checkScheduledReferences(ws, new Set(deleted), kind)
}

function checkLock(ws: WorkingSet, releaseId: string, versionId: string, kind: Kind): void {
  const before = ws.state.get(releaseDocumentId(releaseId))
  const after = ws.get(releaseDocumentId(releaseId))
  if (!isRelease(before) || !isRelease(after) || before.state !== after.state || after.state === 'active')
    return
  const description =
    after.state === 'scheduled'
      ? `Document "${versionId}" is locked: release "${releaseId}" is scheduled to publish at ${after.publishAt}; unschedule it to make changes`
      : `Document "${versionId}" cannot change: release "${releaseId}" is ${after.state}`
  throw mutationError(409, description, { type: 'releaseLockedError', id: versionId, releaseId }, kind)
}

function checkLimits(ws: WorkingSet, releaseId: string, kind: Kind): void {
  const versions = releaseVersions(ws, releaseId)
  if (versions.length > MAX_RELEASE_DOCUMENTS)
    throw mutationError(
      400,
      `Release "${releaseId}" would hold ${versions.length} documents; a release holds at most ${MAX_RELEASE_DOCUMENTS}`,
      {
        type: 'releaseDocumentLimitExceededError',
        id: releaseDocumentId(releaseId),
        limit: MAX_RELEASE_DOCUMENTS,
      },
      kind,
    )
  let bytes = 0
  for (const version of versions) bytes += Buffer.byteLength(JSON.stringify(version))
  if (bytes > MAX_RELEASE_BYTES)
    throw mutationError(
      400,
      `Release "${releaseId}" would hold ${bytes} bytes of documents; a release holds at most ${MAX_RELEASE_BYTES}`,
      { type: 'releaseSizeLimitExceededError', id: releaseDocumentId(releaseId), limit: MAX_RELEASE_BYTES },
      kind,
    )
}

/** A published document that a scheduled release's version strongly references cannot be deleted. */
function checkScheduledReferences(ws: WorkingSet, deleted: Set<string>, kind: Kind): void {
  const scheduled = ws
    .withPrefix(RELEASE_DOCUMENTS_PREFIX)
    .filter((doc): doc is ReleaseDocument => isRelease(doc) && doc.state === 'scheduled')
  for (const release of scheduled) {
    for (const version of releaseVersions(ws, release.name)) {
      const target = strongReferences(version).find((ref) => deleted.has(ref))
      if (target === undefined) continue
      throw mutationError(
        409,
        `Document "${target}" cannot be deleted: "${version._id}" in scheduled release "${release.name}" references it`,
        { type: 'documentHasExistingReferencesError', id: target, referencingIDs: [version._id] },
        kind,
      )
    }
  }
}
