import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { initAnalytics, trackPageView } from '../lib/analytics'
import { usePublicConfig } from '../lib/public-config-context'

/**
 * Loads GA4 when configured and reports a page view for the first page and every route change after it.
 * Runs after commit, so React has already put the new page's <title> into the document.
 */
export function AnalyticsTracker() {
  const { gaMeasurementId } = usePublicConfig()
  const { pathname } = useLocation()

  useEffect(() => {
    initAnalytics(gaMeasurementId)
  }, [gaMeasurementId])

  // A page view per page: query changes such as ?media= or ?newsletter= open overlays, not pages.
  useEffect(() => {
    trackPageView({ path: pathname, title: document.title })
  }, [pathname])

  return null
}
