import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { areasQuery } from '../../../content/queries'
import type { AreasQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type AreaRecord = AreasQueryResult[number]

/** The areas with their names in `lang` (English where the Spanish name is missing), sorted by those names. */
export function areasQueryOptions(client: ContentClient, lang: Locale = 'en') {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'areas', lang],
    queryFn: async (context) =>
      // Sorted again in the language's order: GROQ compares code points, which would put "Área de la Bahía"
      // after "Sur de California".
      [...(await recordingSyncTags(client, context).fetch<AreasQueryResult>(areasQuery, { lang }))].sort(
        (a, b) => (a.name ?? '').localeCompare(b.name ?? '', lang),
      ),
  })
}

/** The areas, already in the render's cache (the /shows loader read them). */
export function useAreas(): AreasQueryResult {
  return useSuspenseQuery(areasQueryOptions(useContentClient(), useLocale())).data
}

/** The areas once fetched, `[]` until then: the sign-up form works without them (everywhere). */
export function useAreasIfLoaded(): AreasQueryResult {
  return useQuery(areasQueryOptions(useContentClient(), useLocale())).data ?? []
}
