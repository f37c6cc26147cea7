import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useToast } from '../../../components/ui/toast'
import { useImageUrl } from '../../../lib/content-context'
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
  const [failed, setFailed] = useState(false)
  if (item.kind === 'youtube' && item.youtubeId) {
    return (
      <iframe
        className="gallery-overlay__embed"
        src={youtubeEmbedUrl(item.youtubeId)}
        title={`Video: ${label}`}
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
        Image unavailable
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

/** No Dialog.Trigger: the tiles, the URL and Back/Forward open it, so remember what had focus and give it back. */
function useReturnFocus() {
  const returnFocus = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = returnFocus.current
      returnFocus.current = null
      if (target?.isConnected && target !== document.body) {
        event.preventDefault()
        target.focus({ preventScroll: true })
      }
    },
  }
}

/** Shares the open item (or copies its link) and says how that went, in a toast and to assistive technology. */
function useShareItem(item: GalleryItem | undefined, caption: string, bandName: string) {
  const { toast } = useToast()
  // The toast region sits outside the modal (hidden from assistive technology while it is open): say it here too.
  const [announcement, setAnnouncement] = useState('')
  const share = async () => {
    if (!item) return
    const outcome = await shareOrCopy(
      { title: caption, text: `${caption} - ${bandName}`, url: window.location.href },
      browserShareEnvironment(),
    )
    if (outcome === 'copied') setAnnouncement('Link copied')
    else if (outcome === 'failed') setAnnouncement('Could not share this item')
    if (outcome === 'copied') toast({ title: 'Link copied', description: 'The link is on your clipboard.' })
    else if (outcome === 'failed')
      toast({
        title: 'Could not share',
        description: 'Copy the address from the address bar instead.',
        variant: 'error',
      })
  }
  return { share, announcement }
}

function OverlayBar({ counter, onShare }: { counter: string; onShare: () => void }) {
  return (
    <div className="gallery-overlay__bar">
      <p className="gallery-overlay__counter" aria-hidden="true">
        {counter}
      </p>
      <button type="button" className="gallery-overlay__button" onClick={onShare}>
        Share
      </button>
      <Dialog.Close className="gallery-overlay__button gallery-overlay__close" aria-label="Close gallery">
        <span aria-hidden="true">×</span>
      </Dialog.Close>
    </div>
  )
}

function OverlayNav({ onPrevious, onNext }: { onPrevious: () => void; onNext: () => void }) {
  return (
    <>
      <button
        type="button"
        className="gallery-overlay__nav gallery-overlay__nav--previous"
        aria-label="Previous item"
        onClick={onPrevious}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="gallery-overlay__nav gallery-overlay__nav--next"
        aria-label="Next item"
        onClick={onNext}
      >
        <span aria-hidden="true">›</span>
      </button>
    </>
  )
}

function OverlayCaption({
  caption,
  credit,
  announcement,
}: {
  caption: string
  credit: string | null
  announcement: string
}) {
  return (
    <div className="gallery-overlay__caption">
      <Dialog.Title asChild>
        <p className="gallery-overlay__title">{caption}</p>
      </Dialog.Title>
      {credit ? <p className="gallery-overlay__credit">{credit}</p> : null}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  )
}

/**
 * The full-screen gallery (docs/fan-site-rules.md §2 Gallery overlay): a Radix dialog (focus trapped and given back, page scroll
 * locked, named by the caption) with the item, caption and credit, previous/next, share and close. Loaded on
 * first open, so none of it is in the page's initial JavaScript.
 */
export function GalleryOverlay({
  items,
  index,
  closing,
  bandName,
  onPrevious,
  onNext,
  onClose,
}: GalleryOverlayProps) {
  const isOpen = index !== null
  const fadedIn = useFadeIn(isOpen)
  const focus = useReturnFocus()
  const swipe = useSwipe(onPrevious, onNext)

  const item = index !== null ? items[index] : undefined
  const total = items.length
  const caption = item && index !== null ? mediaCaption(item, bandName, index, total) : ''
  const label = item && index !== null ? mediaAlt(item, bandName, index, total) : ''
  const credit = item ? creditLine(item) : null
  const visible = fadedIn && !closing
  const { share, announcement } = useShareItem(item, caption, bandName)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A focused native video uses the arrow keys to seek.
    if (event.target instanceof HTMLVideoElement) return
    if (event.key === 'ArrowLeft') {
      event.preventDefault()
      onPrevious()
    } else if (event.key === 'ArrowRight') {
      event.preventDefault()
      onNext()
    }
  }

  return (
    <Dialog.Root open={isOpen} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className={`gallery-overlay__backdrop${visible ? ' is-visible' : ''}`} />
        <Dialog.Content
          className={`gallery-overlay${visible ? ' is-visible' : ''}`}
          aria-describedby={undefined}
          data-slug={item?.slug ?? undefined}
          data-kind={item?.kind ?? undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <OverlayBar
            counter={index !== null ? `${index + 1} / ${total}` : ''}
            onShare={() => void share()}
          />
          <div className="gallery-overlay__stage" {...swipe}>
            {item ? <OverlayMedia key={item._id} item={item} label={label} /> : null}
          </div>
          <OverlayNav onPrevious={onPrevious} onNext={onNext} />
          <OverlayCaption caption={caption} credit={credit} announcement={announcement} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
