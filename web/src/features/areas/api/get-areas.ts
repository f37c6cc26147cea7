import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { areasQuery } from '../../../content/queries'
import type { AreasQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type AreaRecord = AreasQueryResult[number]

export function areasQueryOptions(client: ContentClient) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'areas'],
    queryFn: (context) => recordingSyncTags(client, context).fetch<AreasQueryResult>(areasQuery),
  })
}

/** The areas, already in the render's cache (the /shows loader read them). */
export function useAreas(): AreasQueryResult {
  return useSuspenseQuery(areasQueryOptions(useContentClient())).data
}

/** The areas once fetched, `[]` until then: the sign-up form works without them (everywhere). */
export function useAreasIfLoaded(): AreasQueryResult {
  return useQuery(areasQueryOptions(useContentClient())).data ?? []
}
