import { hasImage, imageDimensions, imageSrcSet } from '../../../lib/image-url'
import { useImageUrl } from '../../../lib/content-context'
import { photoCreditLine } from '../../../lib/photo-credit'
import { useEditAttributes } from '../../../lib/preview/edit-target'
import type { SiteSettings } from '../api/get-site-settings'
import { useMessages } from '../../../lib/i18n/messages'
import './band-photo.css'

const PHOTO_WIDTHS = [640, 960, 1440, 1920]

/** The full-width band photo with the logo over it and its photographer in the corner (below the fold: loaded lazily, size reserved). */
export function BandPhoto({ settings }: { settings: SiteSettings | null }) {
  const imageUrl = useImageUrl()
  const edit = useEditAttributes()
  const { about, media } = useMessages()
  const photo = settings?.bandPhoto
  if (!hasImage(photo)) return null
  const size = imageDimensions(photo) ?? { width: 1920, height: 800 }
  const logo = settings?.logo
  const credit = photoCreditLine(photo.credit, media.credit.photo)
  return (
    <section id="band-photo" className="band-photo" aria-label={about.bandPhoto}>
      <img
        className="band-photo__image"
        src={imageUrl(photo, { width: 1440 })}
        srcSet={imageSrcSet(imageUrl, photo, PHOTO_WIDTHS)}
        sizes="100vw"
        width={size.width}
        height={size.height}
        alt={photo.alt ?? ''}
        loading="lazy"
        decoding="async"
        {...edit({ id: 'siteSettings', type: 'siteSettings', path: 'bandPhoto' })}
      />
      {hasImage(logo) ? (
        <img
          className="band-photo__logo"
          src={imageUrl(logo, { width: 320 })}
          width={160}
          height={160}
          alt={logo.alt ?? about.logoAlt(settings?.bandName ?? '')}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      {credit ? <p className="band-photo__credit">{credit}</p> : null}
    </section>
  )
}
