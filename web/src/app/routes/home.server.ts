import type { QueryClient } from '@tanstack/react-query'
import { galleryItemsQueryOptions } from '../../features/media/api/get-gallery-items'
import { newsletterPopupQueryOptions } from '../../features/newsletter/api/get-newsletter-popup'
import { tourDatesQueryOptions } from '../../features/events/api/get-tour-dates'
import { siteSettingsQueryOptions } from '../../features/site/api/get-site-settings'
import { tourPromoQueryOptions } from '../../features/tour-promo/api/get-tour-promo'
import type { ContentClient } from '../../lib/content-client'

// The loaders of the site's frame and of the home page: server-only, like the others in this folder (routes.tsx).

type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient; now: () => Date }

/** What every public page's frame reads: the site settings and the newsletter popup's settings. */
export function siteLayoutLoader({ queryClient, contentClient }: LoaderDeps) {
  return async () => {
    await Promise.all([
      queryClient.ensureQueryData(siteSettingsQueryOptions(contentClient)),
      queryClient.ensureQueryData(newsletterPopupQueryOptions(contentClient)),
    ])
    return null
  }
}

/** The home page's tour dates, gallery and tour promo. */
export function homeLoader({ queryClient, contentClient, now }: LoaderDeps) {
  return async () => {
    await Promise.all([
      queryClient.ensureQueryData(tourDatesQueryOptions(contentClient, now())),
      queryClient.ensureQueryData(galleryItemsQueryOptions(contentClient)),
      queryClient.ensureQueryData(tourPromoQueryOptions(contentClient)),
    ])
    return null
  }
}
