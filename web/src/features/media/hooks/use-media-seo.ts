import { useLocation } from 'react-router'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useImageUrl } from '../../../lib/content-context'
import { useMessages } from '../../../lib/i18n/messages'
import { hasImage } from '../../../lib/image-url'
import { useGalleryItems } from '../api/get-gallery-items'
import { mediaAlt, mediaCaption, readMediaParam, youtubeThumbnailUrl } from '../utils/gallery-rules'

/**
 * The page metadata for `/?media=slug`: a shared item unfurls as itself. The loader has the gallery in the cache,
 * so the server renders these tags; the sharing image is the item's picture cropped to 1200x630.
 */
export function useMediaSeo(bandName: string) {
  const { search } = useLocation()
  const items = useGalleryItems()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const { media } = useMessages()
  const slug = readMediaParam(search)
  const index = slug ? items.findIndex((item) => item.slug === slug) : -1
  const item = items[index]
  if (!item) return null
  const caption = mediaCaption(item, bandName, index, items.length, media)
  const picture = item.kind === 'image' ? item.image : item.poster
  const image = hasImage(picture)
    ? absolute(imageUrl(picture, { width: 1200, height: 630 }))
    : item.kind === 'youtube' && item.youtubeId
      ? youtubeThumbnailUrl(item.youtubeId)
      : null
  return {
    title: `${caption} | ${bandName}`,
    description: item.alt && item.alt !== caption ? `${item.alt}. ${caption}` : caption,
    image,
    imageAlt: mediaAlt(item, bandName, index, items.length, media),
  }
}
