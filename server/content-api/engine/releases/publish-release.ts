import { contentOf, keptCreatedAt } from '../actions/document-content'
import { getPublishedId } from '../ids'
import type { WorkingSet } from '../store/working-set'
import { strengthenOnPublish } from '../strengthen-on-publish'
import type { SanityDocument } from '../types'
import { releaseVersions, type ReleaseDocument } from './release-document'

/** A version the release will unpublish: the Studio marks it `_system.delete` (version.unpublish). */
export function isUnpublishVersion(doc: SanityDocument): boolean {
  const system = doc._system as { delete?: unknown } | undefined
  return system?.delete === true
}

/** The version's content as its published document: no server fields, no `_system` marker. */
function publishedContent(version: SanityDocument): Record<string, unknown> {
  const { _system: _s, ...content } = contentOf(version)
  return strengthenOnPublish(content)
}

/**
 * Publishes a release inside one working set (ADR 180): every version replaces its published document (or, for
 * an unpublish version, removes it), the versions go, and the release becomes `published` with `publishedAt`
 * and `finalDocumentStates`. The caller's commit makes it one transaction, so readers, listeners and the page
 * cache see all of it at once or none of it; reference integrity is checked over the whole set by the caller.
 */
export function publishReleaseIn(ws: WorkingSet, release: ReleaseDocument): void {
  const versions = releaseVersions(ws, release.name)
  for (const version of versions) {
    const publishedId = getPublishedId(version._id)
    const published = ws.get(publishedId)
    if (isUnpublishVersion(version)) {
      if (published) ws.apply(publishedId, { delete: { id: publishedId } })
    } else {
      ws.apply(publishedId, {
        createOrReplace: {
          ...publishedContent(version),
          _id: publishedId,
          ...keptCreatedAt(published ?? version),
        },
      })
    }
    ws.apply(version._id, { delete: { id: version._id } })
  }
  ws.apply(release._id, {
    patch: {
      id: release._id,
      set: {
        state: 'published',
        publishedAt: ws.timestamp,
        finalDocumentStates: versions.map((version) => ({ id: version._id })),
      },
      unset: ['error'],
    },
  })
}
