import { preload } from 'react-dom'
import { hasImage, imageDimensions, imageSrcSet } from '../../../lib/image-url'
import { useImageUrl } from '../../../lib/content-context'
import type { SiteSettings } from '../api/get-site-settings'
import { useMessages } from '../../../lib/i18n/messages'
import './hero-section.css'
import { bandNameOf } from '../../../config/public-config'
// In the home page's chunk: every visit to the home page runs it, and as a chunk of its own its imports and
// wrapping would cost a large share of its own size again (ADR 130).
import { HeroVideo } from './hero-video'

const HERO_WIDTHS = [480, 768, 1080, 1440, 1920]

/**
 * The top of the home page (#home). The poster is the page's LCP element: server-rendered, high fetch
 * priority, with its size reserved by CSS so nothing shifts while it loads. The muted hero video
 * (HeroVideo) plays over this poster once the hero is in view.
 */
export function HeroSection({ settings }: { settings: SiteSettings | null }) {
  const imageUrl = useImageUrl()
  const poster = settings?.heroPoster
  const size = imageDimensions(poster) ?? { width: 1600, height: 900 }
  const posterSrc = hasImage(poster) ? imageUrl(poster, { width: 1080 }) : null
  const posterSrcSet = hasImage(poster) ? imageSrcSet(imageUrl, poster, HERO_WIDTHS) : undefined
  // The poster is the LCP element: React 19 puts this preload into <head>, ahead of the stylesheets' work.
  if (posterSrc) {
    preload(posterSrc, { as: 'image', imageSrcSet: posterSrcSet, imageSizes: '100vw', fetchPriority: 'high' })
  }
  const fallback = hasImage(settings?.heroFallbackImage) ? settings.heroFallbackImage : poster
  const video = settings?.heroVideo
  const { hero } = useMessages()
  return (
    <section id="home" className="hero" aria-labelledby="hero-title" tabIndex={-1}>
      {hasImage(poster) && posterSrc ? (
        <img
          className="hero__poster"
          src={posterSrc}
          srcSet={posterSrcSet}
          sizes="100vw"
          width={size.width}
          height={size.height}
          alt={poster.alt ?? ''}
          fetchPriority="high"
          // Decoded with the frame that first paints the page: "async" let that frame go without it and the
          // LCP came a frame or more later, after the fonts requested by the first layout had arrived (ADR 130).
          decoding="sync"
        />
      ) : null}
      {video?.url ? (
        <HeroVideo
          src={video.url}
          type={video.mimeType}
          fallbackSrc={hasImage(fallback) ? imageUrl(fallback, { width: 1080 }) : null}
          fallbackSrcSet={hasImage(fallback) ? imageSrcSet(imageUrl, fallback, HERO_WIDTHS) : undefined}
          fallbackAlt={fallback?.alt ?? ''}
        />
      ) : null}
      <div className="hero__content">
        <h1 id="hero-title" className="hero__title">
          {bandNameOf(settings)}
        </h1>
        {settings?.tagline ? (
          <p className="hero__tagline" lang={settings.taglineLang ?? undefined}>
            {settings.tagline}
          </p>
        ) : null}
        <a className="button button--primary hero__cta" href="#events">
          {hero.seeTourDates}
        </a>
      </div>
    </section>
  )
}
