import { nextScheduledQuery } from '../../web/src/content/queries'
import type { NextScheduledQueryResult } from '../../web/src/content/sanity.types'
import type { ContentConfig } from '../../web/src/config/public-config'
import { createContentClient, type ContentClient } from '../../web/src/lib/content-client'
import { createPublishedReader, type ContentStore } from '../content-api/engine'
import type { Logger } from '../logger'
import { nextDateChange } from './date-changes'
import { embeddedContentChanges, sanityContentChanges, type ContentChanges } from './content-changes'

/** How often pages are rendered again with a Sanity project even when no event arrives. */
export const SANITY_MAX_AGE_MS = 60_000

/** Where the server's renders read published content and how they learn that it changed (ADR 090). */
export type SiteContent = {
  reader: ContentClient
  changes: ContentChanges
  /** The next instant (wall-clock ms) a document dated in the future becomes public; Infinity if none. */
  nextScheduled: () => Promise<number>
  /** The next instant (site clock ms) after `now` a page may change by the date alone; Infinity if none. */
  nextDateChange: (now: Date) => Promise<number>
}

function withSchedule(reader: ContentClient, changes: ContentChanges): SiteContent {
  return {
    reader,
    changes,
    nextScheduled: async () => {
      const next = await reader.fetch<NextScheduledQueryResult>(nextScheduledQuery)
      const time = next ? Date.parse(next) : Number.NaN
      return Number.isNaN(time) ? Number.POSITIVE_INFINITY : time
    },
    nextDateChange: (now) => nextDateChange(reader, now),
  }
}

/** The embedded default: the content store in-process; its commits to published documents are the changes. */
export function embeddedSiteContent(store: ContentStore, content: ContentConfig): SiteContent {
  return withSchedule(
    createPublishedReader(store, { dataset: content.dataset, projectId: content.projectId }),
    embeddedContentChanges(store, content.dataset),
  )
}

/**
 * A Sanity project: renders read the live API (`api.sanity.io`, not the API CDN the browser reads, which may lag
 * behind the change events), and the official client's listener reports changes.
 */
export function sanitySiteContent(
  content: ContentConfig,
  { logger, apiHost }: { logger: Logger; apiHost?: string },
): SiteContent {
  const apiUrl = apiHost ?? `https://${content.projectId}.api.sanity.io`
  return withSchedule(
    createContentClient({ ...content, apiUrl }),
    sanityContentChanges({
      projectId: content.projectId,
      dataset: content.dataset,
      apiVersion: content.apiVersion,
      apiHost,
      logger,
      maxAgeMs: SANITY_MAX_AGE_MS,
    }),
  )
}
