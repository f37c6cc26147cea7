import type { ReleaseDocument } from '../releases/release-document'
import type { SanityDocument } from '../types'

/** What some actions need beyond the working set: who acts, and the history of archived releases. */
export type ActionContext = {
  /** The transaction's author, recorded as a new release's `userId`. */
  author?: string
  /** The versions an archived release held just before it was archived (unarchive restores them). */
  versionsBeforeArchive?: (release: ReleaseDocument) => SanityDocument[]
}
