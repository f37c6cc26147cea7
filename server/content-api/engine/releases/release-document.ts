import { mutationError } from '../errors'
import { VERSIONS_PREFIX } from '../ids'
import type { WorkingSet } from '../store/working-set'
import type { SanityDocument } from '../types'

/** Release documents live at `_.releases.<releaseId>` with this type (ADR 180). */
export const RELEASE_DOCUMENTS_PREFIX = '_.releases.'
export const RELEASE_DOCUMENT_TYPE = 'system.release'

/**
 * The states a release document takes here. The transitional ones Sanity also names (`scheduling`,
 * `publishing`, `archiving`, `unarchiving`) never show: each change of state is one transaction (ADR 180).
 */
export type ReleaseState = 'active' | 'scheduled' | 'published' | 'archived'
export const RELEASE_TYPES = ['asap', 'scheduled', 'undecided'] as const

export type ReleaseDocument = SanityDocument & {
  _type: typeof RELEASE_DOCUMENT_TYPE
  name: string
  state: ReleaseState
  userId?: string
  publishAt?: string
  publishedAt?: string
  finalDocumentStates?: { id: string }[]
  error?: { message: string }
  metadata: {
    title?: string
    description?: string
    releaseType: (typeof RELEASE_TYPES)[number]
    intendedPublishAt?: string
    cardinality?: 'many' | 'one'
  }
}

/** Release ids are perspective names, so they follow the same rule (perspectives.ts). */
const RELEASE_ID = /^[A-Za-z0-9_-]{1,64}$/

export function isValidReleaseId(id: string): boolean {
  return RELEASE_ID.test(id)
}

export function releaseDocumentId(releaseId: string): string {
  return RELEASE_DOCUMENTS_PREFIX + releaseId
}

export function isReleaseDocumentId(id: string): boolean {
  return id.startsWith(RELEASE_DOCUMENTS_PREFIX)
}

export function releaseIdOf(releaseDocId: string): string {
  return releaseDocId.slice(RELEASE_DOCUMENTS_PREFIX.length)
}

export function versionPrefix(releaseId: string): string {
  return `${VERSIONS_PREFIX}${releaseId}.`
}

export function isRelease(doc: SanityDocument | null): doc is ReleaseDocument {
  return doc !== null && doc._type === RELEASE_DOCUMENT_TYPE && isReleaseDocumentId(doc._id)
}

/** The release as the transaction sees it, or null. */
export function findRelease(ws: WorkingSet, releaseId: string): ReleaseDocument | null {
  const doc = ws.get(releaseDocumentId(releaseId))
  return isRelease(doc) ? doc : null
}

/** An action error naming the release, in the shape every action error has (errors.ts). */
export function releaseError(
  status: number,
  type: string,
  description: string,
  releaseId: string,
  index = 0,
) {
  return mutationError(status, description, { type, id: releaseDocumentId(releaseId), index }, 'actionError')
}

/** The release the action names; 404 when there is none. */
export function requireRelease(ws: WorkingSet, releaseId: string, index: number): ReleaseDocument {
  const release = findRelease(ws, releaseId)
  if (!release)
    throw releaseError(404, 'releaseNotFoundError', `Release "${releaseId}" was not found`, releaseId, index)
  return release
}

/** Refuses the action unless the release is in one of `states`. */
export function requireState(
  release: ReleaseDocument,
  states: readonly ReleaseState[],
  verb: string,
  index: number,
): void {
  if (states.includes(release.state)) return
  throw releaseError(
    409,
    'releaseInvalidStateError',
    `Cannot ${verb} release "${release.name}": it is ${release.state} (needs ${states.join(' or ')})`,
    release.name,
    index,
  )
}

/** Every version document of the release, as the transaction sees them, in `_id` order. */
export function releaseVersions(ws: WorkingSet, releaseId: string): SanityDocument[] {
  const prefix = versionPrefix(releaseId)
  return ws.withPrefix(prefix)
}
