import { lazy, Suspense, useEffect, useState } from 'react'
import { useSiteSettings } from '../../site'
import { useGalleryItems } from '../api/get-gallery-items'
import { useGallery } from '../hooks/use-gallery'
import { MediaTile } from './media-tile'
import { useMessages } from '../../../lib/i18n/messages'
import '../../../components/ui/play-triangle.css'
import './media-section.css'
import { bandNameOf } from '../../../config/public-config'

// The overlay's code loads on first open (or right away for a ?media= deep link), not with the page.
const loadOverlay = () => import('./gallery-overlay')
const GalleryOverlay = lazy(() => loadOverlay().then((module) => ({ default: module.GalleryOverlay })))

/**
 * #media: the gallery's items in the editor's order as a two-column grid of lazy thumbnails; each opens the
 * full-screen gallery overlay, whose open item is mirrored in `?media=<slug>` (ADR 070).
 */
export function MediaSection() {
  const items = useGalleryItems()
  const bandName = bandNameOf(useSiteSettings())
  const gallery = useGallery(items)
  const [overlayWanted, setOverlayWanted] = useState(false)
  const { media } = useMessages()
  // A deep link opens after 100 ms: fetch the overlay's code meanwhile.
  const requested = gallery.requested !== null
  useEffect(() => {
    if (requested) void loadOverlay()
  }, [requested])
  // Mount the overlay from the first open on (it keeps its own closed state afterwards).
  if (gallery.index !== null && !overlayWanted) setOverlayWanted(true)
  return (
    <section id="media" className="section section--dark media" aria-labelledby="media-title" tabIndex={-1}>
      <div className="section__inner">
        <h2 id="media-title" className="section__title">
          {media.title}
        </h2>
        <ul className="media-grid">
          {items.map((item, index) => (
            <li key={item._id} className="media-grid__item">
              <MediaTile
                item={item}
                index={index}
                total={items.length}
                bandName={bandName}
                onOpen={gallery.open}
              />
            </li>
          ))}
        </ul>
      </div>
      {overlayWanted ? (
        <Suspense fallback={null}>
          <GalleryOverlay
            items={items}
            index={gallery.index}
            closing={gallery.closing}
            bandName={bandName}
            onPrevious={() => gallery.go(-1)}
            onNext={() => gallery.go(1)}
            onClose={() => gallery.close()}
          />
        </Suspense>
      ) : null}
    </section>
  )
}
