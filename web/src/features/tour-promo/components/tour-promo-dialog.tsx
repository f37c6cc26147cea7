import { PortableText } from '@portabletext/react'
import { useId, useState } from 'react'
import { safeTextComponents } from '../../../components/ui/safe-link-mark'
import { trackEvent } from '../../../lib/analytics'
import { ModalDialog } from '../../../lib/dialog/modal-dialog'
import { useLocale, useMessages } from '../../../lib/i18n/messages'
import { useImageUrl } from '../../../lib/content-context'
import { hasImage, imageSrcSet } from '../../../lib/image-url'
import { safeLinkUrl } from '../../../lib/safe-url'
import { isoWithOffset, shortDateLabel } from '../../../lib/time-zone'
import { youtubeThumbnailPath } from '../../../lib/youtube-contract'
import { youtubeEmbedUrl } from '../../media'
import type { TourPromo } from '../api/get-tour-promo'
import '../../../components/ui/modal.css'
import '../../../components/ui/play-triangle.css'
import './tour-promo.css'

const DEFAULT_TIME_ZONE = 'America/Los_Angeles'

/** Click to play: the thumbnail, then an autoplaying privacy-enhanced embed. */
function PromoVideo({ promo, youtubeId, heading }: { promo: TourPromo; youtubeId: string; heading: string }) {
  const imageUrl = useImageUrl()
  const [playing, setPlaying] = useState(false)
  const { common } = useMessages()
  const thumbnail = promo.thumbnail
  const thumbSrc = hasImage(thumbnail)
    ? imageUrl(thumbnail, { width: 800, height: 450 })
    : youtubeThumbnailPath(youtubeId)
  return (
    <div className="tour-promo__video">
      {playing ? (
        <iframe
          src={youtubeEmbedUrl(youtubeId)}
          title={common.videoTitle(heading)}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          className="tour-promo__play"
          aria-label={common.playVideo(heading)}
          onClick={() => {
            setPlaying(true)
            trackEvent('tour_promo_video_played')
          }}
        >
          {thumbSrc ? (
            <img
              src={thumbSrc}
              srcSet={
                hasImage(thumbnail) ? imageSrcSet(imageUrl, thumbnail, [400, 800, 1200], 16 / 9) : undefined
              }
              sizes="(min-width: 48rem) 40rem, 100vw"
              width={800}
              height={450}
              alt=""
            />
          ) : null}
          <span className="tour-promo__badge play-triangle" aria-hidden="true" />
        </button>
      )}
    </div>
  )
}

/**
 * The tour promo popup (docs/fan-site-rules.md §2): a click-to-play video (thumbnail, then an autoplaying privacy-enhanced embed),
 * the copy, a row with date, venue and a Tickets link, and a close button. Escape, the close button and a click
 * outside close it.
 */
export function TourPromoDialog({ promo, onClose }: { promo: TourPromo; onClose: () => void }) {
  const titleId = useId()
  const bodyId = useId()
  const { common, tourPromo } = useMessages()
  const locale = useLocale()
  const heading = promo.heading || tourPromo.heading
  const event = promo.event
  const timeZone = event?.timeZone || DEFAULT_TIME_ZONE
  const startsAt = event?.startsAt ? new Date(event.startsAt) : null
  const ticketUrl = safeLinkUrl(promo.ticketUrl) ?? safeLinkUrl(event?.ticketUrl)
  const place = [event?.venue, [event?.city, event?.region].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ')

  return (
    <ModalDialog
      className="modal-panel tour-promo"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onRequestClose={onClose}
      closeOnBackdropClick
    >
      <h2 id={titleId} className="tour-promo__title" lang={(promo.heading && promo.headingLang) || undefined}>
        {heading}
      </h2>
      {promo.youtubeId ? <PromoVideo promo={promo} youtubeId={promo.youtubeId} heading={heading} /> : null}
      <div id={bodyId} className="tour-promo__body" lang={promo.bodyLang ?? undefined}>
        {promo.body ? <PortableText value={promo.body} components={safeTextComponents} /> : null}
      </div>
      <div className="tour-promo__details">
        {startsAt ? (
          <time dateTime={isoWithOffset(startsAt, timeZone)}>
            {shortDateLabel(startsAt, timeZone, locale)}
          </time>
        ) : null}
        {place ? <span>{place}</span> : null}
        {ticketUrl ? (
          <a
            className="button button--primary tour-promo__tickets"
            href={ticketUrl}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => trackEvent('tour_promo_ticket_click')}
          >
            {common.tickets}
            <span className="visually-hidden">{common.opensInNewTab}</span>
          </a>
        ) : null}
      </div>
      <button type="button" className="tour-promo__close" aria-label={common.close} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
    </ModalDialog>
  )
}
