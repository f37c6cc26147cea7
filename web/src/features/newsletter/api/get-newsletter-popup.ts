import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { newsletterPopupQuery } from '../../../content/queries'
import type { NewsletterPopupQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export function getNewsletterPopup(client: ContentClient, lang: Locale): Promise<NewsletterPopupQueryResult> {
  return client.fetch<NewsletterPopupQueryResult>(newsletterPopupQuery, { lang })
}

export function newsletterPopupQueryOptions(client: ContentClient, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'newsletterPopup', lang],
    queryFn: (context) => getNewsletterPopup(recordingSyncTags(client, context), lang),
  })
}

/** The popup document from the CMS, or `null` when the singleton has not been created yet. */
export function useNewsletterPopup(): NewsletterPopupQueryResult {
  return useSuspenseQuery(newsletterPopupQueryOptions(useContentClient(), useLocale())).data
}
