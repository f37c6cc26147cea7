import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { siteSettingsQuery } from '../../../content/queries'
import type { SiteSettingsQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type SiteSettings = NonNullable<SiteSettingsQueryResult>

export function getSiteSettings(client: ContentClient, lang: Locale): Promise<SiteSettingsQueryResult> {
  return client.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang })
}

export function siteSettingsQueryOptions(client: ContentClient, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'siteSettings', lang],
    queryFn: (context) => getSiteSettings(recordingSyncTags(client, context), lang),
  })
}

/** The site settings, or `null` when the singleton has not been created yet. */
export function useSiteSettings(): SiteSettingsQueryResult {
  return useSuspenseQuery(siteSettingsQueryOptions(useContentClient(), useLocale())).data
}
