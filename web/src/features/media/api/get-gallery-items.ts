import { queryOptions, useSuspenseQuery } from '@tanstack/react-query'
import { galleryItemsQuery } from '../../../content/queries'
import type { GalleryItemsQueryResult } from '../../../content/sanity.types'
import { useContentClient } from '../../../lib/content-context'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { useLocale } from '../../../lib/i18n/messages'
import type { ContentClient } from '../../../lib/content-client'
import { recordingSyncTags } from '../../../lib/sync-tags'

export type GalleryItem = NonNullable<GalleryItemsQueryResult>[number]

export function getGalleryItems(client: ContentClient, lang: Locale): Promise<GalleryItemsQueryResult> {
  return client.fetch<GalleryItemsQueryResult>(galleryItemsQuery, { lang })
}

/** The slugs `?media=` can name: the grid's items (any other value renders the plain home page, ADR 090). */
export async function gallerySlugs(client: ContentClient): Promise<string[]> {
  return ((await getGalleryItems(client, 'en')) ?? []).flatMap((item) => (item?.slug ? [item.slug] : []))
}

export function galleryItemsQueryOptions(client: ContentClient, lang: Locale) {
  // The client is transport only (loopback on the server, public URL in the browser): same data, same key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: ['content', 'galleryItems', lang],
    queryFn: (context) => getGalleryItems(recordingSyncTags(client, context), lang),
  })
}

/** The media grid's items in the gallery's order; references to deleted items are dropped. */
export function useGalleryItems(): GalleryItem[] {
  const items = useSuspenseQuery(galleryItemsQueryOptions(useContentClient(), useLocale())).data
  return (items ?? []).filter((item): item is GalleryItem => Boolean(item?.slug))
}
