import { useCallback, useState } from 'react'
import { useImageUrl } from '../../../lib/content-context'
import { hasImage, imageSrcSet } from '../../../lib/image-url'
import type { GalleryItem } from '../api/get-gallery-items'
import { youtubeThumbnailPath } from '../../../lib/youtube-contract'
import { mediaAlt } from '../utils/gallery-rules'
import { useEditAttributes } from '../../../lib/preview/edit-target'
import { useMessages } from '../../../lib/i18n/messages'

const THUMB_WIDTH = 640
const THUMB_ASPECT = 4 / 3
const THUMB_HEIGHT = Math.round(THUMB_WIDTH / THUMB_ASPECT)
/**
 * A phone's tile is half its screen less the gutters, in device pixels a little under 360 on a common phone
 * (a 412 px screen at a device pixel ratio of 1.75): with 320 the smallest width, the browser fetched 480 (more
 * than twice the pixels); 360 fits it.
 */
const THUMB_WIDTHS = [360, 480, 640, 960]
/**
 * Two columns inside the content width (72rem), one gap apart; below it, half the screen less a page gutter
 * and half the gap (1.25rem at phone widths, a little more on wider screens, so never too small).
 */
const THUMB_SIZES = '(min-width: 72rem) 35rem, calc(50vw - 1.25rem)'

/**
 * One grid thumbnail, a real button (click, Enter, Space open the overlay). Its picture (the image, else the
 * video's poster, else YouTube's thumbnail) is in the server's HTML with `src`, `srcset` and `sizes`, and the
 * browser's native `loading="lazy"` defers it (ADR 073); until it arrives the asset's LQIP blurs in its place.
 * A failed image says "Image unavailable".
 */
export function MediaTile({
  item,
  index,
  total,
  bandName,
  onOpen,
}: {
  item: GalleryItem
  index: number
  total: number
  bandName: string
  onOpen: (index: number) => void
}) {
  const imageUrl = useImageUrl()
  const edit = useEditAttributes()
  const [failed, setFailed] = useState(false)
  // The server's <img> may fail before hydration, when no React listener heard its `error` event.
  const failedBeforeHydration = useCallback((img: HTMLImageElement | null) => {
    if (img?.complete && img.naturalWidth === 0) setFailed(true)
  }, [])
  const picture = item.kind === 'image' ? item.image : item.poster
  const { media } = useMessages()
  const label = mediaAlt(item, bandName, index, total, media)
  const isVideo = item.kind === 'youtube' || item.kind === 'video'
  const source = hasImage(picture)
    ? {
        src: imageUrl(picture, { width: THUMB_WIDTH, height: THUMB_HEIGHT }),
        srcSet: imageSrcSet(imageUrl, picture, THUMB_WIDTHS, THUMB_ASPECT),
      }
    : item.kind === 'youtube' && item.youtubeId
      ? { src: youtubeThumbnailPath(item.youtubeId), srcSet: undefined }
      : null
  const lqip = picture?.lqip
  return (
    <button
      type="button"
      className={`media-tile media-tile--${item.kind ?? 'image'}`}
      aria-label={isVideo ? media.playVideo(label) : media.viewPhoto(label)}
      data-slug={item.slug}
      style={lqip ? { backgroundImage: `url("${lqip}")` } : undefined}
      onClick={() => onOpen(index)}
    >
      {source && !failed ? (
        <img
          className="media-tile__image"
          ref={failedBeforeHydration}
          src={source.src}
          srcSet={source.srcSet}
          sizes={source.srcSet ? THUMB_SIZES : undefined}
          alt=""
          width={THUMB_WIDTH}
          height={THUMB_HEIGHT}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          {...edit({ id: item._id, type: 'mediaItem', path: item.kind === 'image' ? 'image' : 'poster' })}
        />
      ) : null}
      {!source || failed ? <span className="media-tile__unavailable">{media.imageUnavailable}</span> : null}
      {isVideo ? <span className="media-tile__play play-triangle" aria-hidden="true" /> : null}
    </button>
  )
}
