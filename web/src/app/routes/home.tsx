import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { EventsSection } from '../../features/events/components/events-section'
import { useTourDates } from '../../features/events/api/get-tour-dates'
import { homeTourList } from '../../features/events/utils/event-rules'
import { useGalleryItems } from '../../features/media/api/get-gallery-items'
import { MediaSection } from '../../features/media/components/media-section'
import { useMediaSeo } from '../../features/media/hooks/use-media-seo'
import { useSiteSettings } from '../../features/site/api/get-site-settings'
import { AboutSection } from '../../features/site/components/about-section'
import { BandPhoto } from '../../features/site/components/band-photo'
import { ContactSection } from '../../features/site/components/contact-section'
import { HeroSection } from '../../features/site/components/hero-section'
import { SocialLinks } from '../../features/site/components/social-links'
import { TourPromoGate } from '../../features/tour-promo/components/tour-promo-gate'
import { useImageUrl } from '../../lib/content-context'
import { useLocale } from '../../lib/i18n/messages'
import { useNow } from '../../lib/now'
import { HASH_SCROLL_DELAY_MS, scrollToAnchor } from '../../lib/scroll-to-anchor'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { PageSeo } from '../page-seo'
import { JsonLdPlaceholder } from '../seo/json-ld-placeholder'
import { JsonLdScript } from '../seo/json-ld-script'
import { buildHomeJsonLd } from '../seo/music-group-json-ld'
import { bandNameOf } from '../../config/public-config'
import type { PageCache } from '../route-module'

/** `?media=<slug>`: that item's sharing metadata (home.server.ts lists the slugs); `?newsletter=true` acts in the browser only. */
export const cache: PageCache = { params: ['media'] }

/** Arriving with `/#section` (from another page or a shared link): scroll there smoothly after 100 ms. */
function useScrollToHashOnArrival() {
  const { hash } = useLocation()
  useEffect(() => {
    if (!hash) return
    const timer = setTimeout(() => scrollToAnchor(decodeURIComponent(hash.slice(1))), HASH_SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
    // Only on arrival: clicks on the page scroll by themselves (SiteNavLink).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}

function HomeStructuredData() {
  const settings = useSiteSettings()
  const events = homeTourList(useTourDates(), useNow())
  const media = useGalleryItems()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const locale = useLocale()
  return (
    <JsonLdScript
      data={buildHomeJsonLd({ settings, events, media, homeUrl: absolute('/'), locale, imageUrl, absolute })}
    />
  )
}

/** The home page: the sections of docs/fan-site-rules.md §2 in order, with their anchors. */
export function Page() {
  const settings = useSiteSettings()
  useScrollToHashOnArrival()
  const bandName = bandNameOf(settings)
  const title = settings?.tagline ? `${bandName} · ${settings.tagline}` : bandName
  // A shared `/?media=slug` link unfurls as that item (server-rendered og:title, og:description, og:image).
  const mediaSeo = useMediaSeo(bandName)
  return (
    <>
      {mediaSeo ? <PageSeo {...mediaSeo} /> : <PageSeo title={title} />}
      <main id="main" className="home" tabIndex={-1}>
        <HeroSection settings={settings} />
        <EventsSection />
        <MediaSection />
        <AboutSection settings={settings} />
        <BandPhoto settings={settings} />
        <ContactSection settings={settings} />
        <SocialLinks settings={settings} />
      </main>
      {/* Built by the server only (json-ld-script.tsx). */}
      {import.meta.env.SSR ? <HomeStructuredData /> : <JsonLdPlaceholder />}
      <TourPromoGate />
    </>
  )
}
