import { useEffect } from 'react'
import { useHref, useLocation } from 'react-router'
import { initAnalytics, trackPageView } from '../lib/analytics'
import { useLocale } from '../lib/i18n/messages'
import { usePublicConfig } from '../lib/public-config-context'

/**
 * Loads GA4 when configured and reports a page view for the first page and every route change after it.
 * Runs after commit, so React has already put the new page's <title> into the document.
 */
export function AnalyticsTracker() {
  const { gaMeasurementId } = usePublicConfig()
  const locale = useLocale()
  const { pathname } = useLocation()
  // The address as the visitor sees it, with the language's prefix (`/es/news`): the router's own path has none.
  const path = useHref(pathname)

  useEffect(() => {
    initAnalytics(gaMeasurementId, locale)
  }, [gaMeasurementId, locale])

  // A page view per page: query changes such as ?media= or ?newsletter= open overlays, not pages.
  useEffect(() => {
    trackPageView({ path, title: document.title })
  }, [path])

  return null
}
