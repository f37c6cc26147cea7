import { useImageUrl } from '../../lib/content-context'
import { hasImage, imageSrcSet, type ImageRef } from '../../lib/image-url'
import { useEditAttributes, type EditTarget } from '../../lib/preview/edit-target'

const COVER_ASPECT = 16 / 9
const COVER_WIDTHS = [400, 640, 800, 1200, 1600]

/**
 * A post's cover, cropped to 16:9 around the editor's hotspot, in the widths the layout can use. The first
 * cover on a page is the likely LCP element, so it loads eagerly with high priority; the rest lazily.
 */
export function CoverImage({
  image,
  sizes,
  eager = false,
  className,
  editTarget,
}: {
  image: ImageRef | undefined
  sizes: string
  eager?: boolean
  className?: string
  /** Where the cover is edited (a draft page's click to edit, ADR 160). */
  editTarget?: EditTarget
}) {
  const imageUrl = useImageUrl()
  const edit = useEditAttributes()
  if (!hasImage(image)) return null
  const width = 800
  const height = Math.round(width / COVER_ASPECT)
  return (
    <img
      className={className}
      src={imageUrl(image, { width, height })}
      srcSet={imageSrcSet(imageUrl, image, COVER_WIDTHS, COVER_ASPECT)}
      sizes={sizes}
      width={width}
      height={height}
      alt={image.alt ?? ''}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      // The eager cover is the page's LCP element: painted in the page's first frame, not one after (ADR 130).
      decoding={eager ? 'sync' : 'async'}
      {...(editTarget ? edit(editTarget) : {})}
    />
  )
}
