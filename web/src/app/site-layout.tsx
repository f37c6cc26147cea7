import { Outlet } from 'react-router'
import { LanguageHint } from '../components/layout/language-hint'
import { SiteFooter } from '../components/layout/site-footer'
import { SiteHeader } from '../components/layout/site-header'
import { Toaster } from '../components/ui/toast'
import { useNewsletterPopup } from '../features/newsletter/api/get-newsletter-popup'
import { NewsletterPopup } from '../features/newsletter/newsletter-popup'
import { useSiteSettings } from '../features/site/api/get-site-settings'
import { useImageUrl } from '../lib/content-context'
import { hasImage } from '../lib/image-url'
import { bandNameOf } from '../config/public-config'
import { AnalyticsTracker } from './analytics-tracker'

/**
 * The public site's frame: header with navigation, the page, footer, and the toast region. The frame is at least
 * the window's height and the page takes the room left, so the footer ends a short page at the window's bottom.
 * Fans' page views are counted here, on the site's pages only: the Studio (/admin) is the band's own work, and
 * loads no Google tag (issue 36; a draft page's config has no measurement id, ADR 160).
 */
export function SiteLayout() {
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const bandName = bandNameOf(settings)
  const logo = settings?.logo
  const newsletterPopup = useNewsletterPopup()
  return (
    <div className="site-frame">
      <AnalyticsTracker />
      <SiteHeader bandName={bandName} logoSrc={hasImage(logo) ? imageUrl(logo, { width: 80 }) : null} />
      <Outlet />
      <NewsletterPopup settings={newsletterPopup} bandName={bandName} />
      <SiteFooter
        bandName={bandName}
        copyright={settings?.footerCopyright}
        copyrightLang={settings?.footerCopyrightLang}
      />
      <LanguageHint />
      <Toaster />
    </div>
  )
}
