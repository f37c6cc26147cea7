import { useEffect, useId, useLayoutEffect, useState, type KeyboardEvent } from 'react'
import { useToast } from '../../../components/ui/toast'
import { useImageUrl } from '../../../lib/content-context'
import { usePaintedOnce } from '../../../lib/dialog/after-next-paint'
import { useMessages } from '../../../lib/i18n/messages'
import { ModalDialog } from '../../../lib/dialog/modal-dialog'
import { hasImage, imageDimensions, imageSrcSet } from '../../../lib/image-url'
import type { GalleryItem } from '../api/get-gallery-items'
import {
  creditLine,
  mediaAlt,
  mediaCaption,
  OVERLAY_OPEN_FADE_DELAY_MS,
  youtubeEmbedUrl,
} from '../utils/gallery-rules'
import { browserShareEnvironment, shareOrCopy } from '../utils/share'
import { useSwipe } from '../hooks/use-swipe'
import { GalleryVideo } from './gallery-video'
import './gallery-overlay.css'

const FULL_WIDTHS = [640, 960, 1280, 1600, 1920]

export type GalleryOverlayProps = {
  items: GalleryItem[]
  index: number | null
  closing: boolean
  bandName: string
  onPrevious: () => void
  onNext: () => void
  onClose: () => void
}

function OverlayMedia({ item, label }: { item: GalleryItem; label: string }) {
  const imageUrl = useImageUrl()
  const { common, media } = useMessages()
  const [failed, setFailed] = useState(false)
  // Creating the embed's frame is the costliest part of opening (ADR 130): it waits for the dialog's
  // first frame, in a box of the same size and colour.
  const painted = usePaintedOnce()
  if (item.kind === 'youtube' && item.youtubeId) {
    if (!painted) return <div className="gallery-overlay__embed" />
    return (
      <iframe
        className="gallery-overlay__embed"
        src={youtubeEmbedUrl(item.youtubeId)}
        title={common.videoTitle(label)}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    )
  }
  if (item.kind === 'video' && item.videoUrl) {
    const poster = hasImage(item.poster) ? imageUrl(item.poster, { width: 1280 }) : undefined
    return <GalleryVideo src={item.videoUrl} type={item.videoMimeType} poster={poster} label={label} />
  }
  const picture = item.kind === 'image' ? item.image : item.poster
  if (!hasImage(picture) || failed) {
    return (
      <div className="gallery-overlay__unavailable" role="img" aria-label={label}>
        {media.imageUnavailable}
      </div>
    )
  }
  const size = imageDimensions(picture)
  return (
    <img
      className="gallery-overlay__image"
      src={imageUrl(picture, { width: 1280 })}
      srcSet={imageSrcSet(imageUrl, picture, FULL_WIDTHS)}
      sizes="100vw"
      width={size?.width}
      height={size?.height}
      alt={label}
      decoding="async"
      onError={() => setFailed(true)}
    />
  )
}

/** docs/fan-site-rules.md §4/§9: the overlay fades in 10 ms after opening (the CSS transition runs from the closed style). */
function useFadeIn(isOpen: boolean): boolean {
  const [fadedIn, setFadedIn] = useState(false)
  useEffect(() => {
    if (!isOpen) return
    const timer = setTimeout(() => setFadedIn(true), OVERLAY_OPEN_FADE_DELAY_MS)
    return () => {
      clearTimeout(timer)
      setFadedIn(false)
    }
  }, [isOpen])
  return fadedIn
}

/** Shares the open item (or copies its link) and says how that went, in a toast and to assistive technology. */
function useShareItem(item: GalleryItem | undefined, caption: string, bandName: string) {
  const { toast } = useToast()
  const { media } = useMessages()
  // Say it here too: a status inside the dialog is read out wherever focus is in it.
  const [announcement, setAnnouncement] = useState('')
  const share = async () => {
    if (!item) return
    const outcome = await shareOrCopy(
      { title: caption, text: `${caption} - ${bandName}`, url: window.location.href },
      browserShareEnvironment(),
    )
    if (outcome === 'copied') setAnnouncement(media.linkCopied)
    else if (outcome === 'failed') setAnnouncement(media.shareFailedStatus)
    if (outcome === 'copied') toast({ title: media.linkCopied, description: media.linkOnClipboard })
    else if (outcome === 'failed')
      toast({ title: media.shareFailed, description: media.copyAddressInstead, variant: 'error' })
  }
  return { share, announcement }
}

function OverlayBar({
  counter,
  onShare,
  onClose,
}: {
  counter: string
  onShare: () => void
  onClose: () => void
}) {
  const { media } = useMessages()
  return (
    <div className="gallery-overlay__bar">
      <p className="gallery-overlay__counter" aria-hidden="true">
        {counter}
      </p>
      <button type="button" className="gallery-overlay__button" onClick={onShare}>
        {media.share}
      </button>
      <button
        type="button"
        className="gallery-overlay__button gallery-overlay__close"
        aria-label={media.closeGallery}
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}

function OverlayNav({ onPrevious, onNext }: { onPrevious: () => void; onNext: () => void }) {
  const { media } = useMessages()
  return (
    <>
      <button
        type="button"
        className="gallery-overlay__nav gallery-overlay__nav--previous"
        aria-label={media.previous}
        onClick={onPrevious}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="gallery-overlay__nav gallery-overlay__nav--next"
        aria-label={media.next}
        onClick={onNext}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  )
}

function OverlayCaption({
  titleId,
  caption,
  captionLang,
  credit,
  announcement,
}: {
  titleId: string
  caption: string
  /** "en" when the English caption stands in for a missing Spanish one (ADR 193). */
  captionLang?: string
  credit: string | null
  announcement: string
}) {
  return (
    <div className="gallery-overlay__caption">
      <p id={titleId} className="gallery-overlay__title" lang={captionLang}>
        {caption}
      </p>
      {credit ? <p className="gallery-overlay__credit">{credit}</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  )
}

type OpenOverlayProps = Omit<GalleryOverlayProps, 'index'> & { index: number }

/**
 * The dialog's elements are created once the open has committed, as Radix's portal did: created in a render
 * that React holds back (a Suspense retry waits up to 300 ms before it commits, and the first open waits for
 * this chunk), a video or image would load, fail or become playable before it is in the page, and React drops
 * events of an element it has not committed ("Video temporarily unavailable" never showing, "Loading video..."
 * never leaving). The layout effect's update renders in the same task.
 */
function OpenOverlay(props: OpenOverlayProps) {
  const [committed, setCommitted] = useState(false)
  // The second render is the point: the dialog is created in a render that commits at once.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setCommitted(true), [])
  return committed ? <OverlayDialog {...props} /> : null
}

/**
 * The open overlay: the site's modal dialog (lib/dialog: top layer, the page behind inert and its scroll locked,
 * focus trapped and given back) named by the caption. Mounted while an item is open, fading out included;
 * Escape and the browser's other close requests run `onClose`, the same fade and URL sequence as the close
 * button.
 */
function OverlayDialog({ items, index, closing, bandName, onPrevious, onNext, onClose }: OpenOverlayProps) {
  const fadedIn = useFadeIn(true)
  const swipe = useSwipe(onPrevious, onNext)
  const titleId = useId()
  const { media } = useMessages()

  const item = items[index]
  const total = items.length
  const caption = item ? mediaCaption(item, bandName, index, total, media) : ''
  const label = item ? mediaAlt(item, bandName, index, total, media) : ''
  const credit = item ? creditLine(item, media) : null
  const visible = fadedIn && !closing
  const { share, announcement } = useShareItem(item, caption, bandName)

  // Runs after the dialog's own Escape and Tab handling.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    // A focused native video uses the arrow keys to seek.
    if (event.defaultPrevented || event.target instanceof HTMLVideoElement) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      onPrevious()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      onNext()
    }
  }

  return (
    <ModalDialog
      onRequestClose={onClose}
      className={`gallery-overlay${visible ? ' is-visible' : ''}`}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-slug={item?.slug ?? undefined}
      data-kind={item?.kind ?? undefined}
      onKeyDown={onKeyDown}
    >
      <OverlayBar counter={media.counter(index + 1, total)} onShare={() => void share()} onClose={onClose} />
      <div className="gallery-overlay__stage" {...swipe}>
        {item ? <OverlayMedia key={item._id} item={item} label={label} /> : null}
      </div>
      <OverlayNav onPrevious={onPrevious} onNext={onNext} />
      <OverlayCaption
        titleId={titleId}
        caption={caption}
        captionLang={(item?.caption?.trim() && item.captionLang) || undefined}
        credit={credit}
        announcement={announcement}
      />
    </ModalDialog>
  )
}

/**
 * The full-screen gallery (docs/fan-site-rules.md §2 Gallery overlay): the item, caption and credit, previous/next,
 * share and close, in a native modal dialog while an item is open. Loaded on first open, so none of it is in
 * the page's initial JavaScript.
 */
export function GalleryOverlay(props: GalleryOverlayProps) {
  if (props.index === null) return null
  return <OpenOverlay {...props} index={props.index} />
}
