import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { newsletterPopupQuery } from '../../../content/queries'
import type { NewsletterPopupQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export function getNewsletterPopup(client: ContentClient): Promise<NewsletterPopupQueryResult> {
  return client.fetch<NewsletterPopupQueryResult>(newsletterPopupQuery)
}

export function newsletterPopupQueryOptions(client: ContentClient) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'newsletterPopup'],
    queryFn: (context) => getNewsletterPopup(recordingSyncTags(client, context)),
  })
}

/** The popup document from the CMS, or `null` when the singleton has not been created yet. */
export function useNewsletterPopup(): NewsletterPopupQueryResult {
  return useSuspenseQuery(newsletterPopupQueryOptions(useContentClient())).data
}
