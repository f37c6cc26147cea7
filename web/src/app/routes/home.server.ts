import { tourDatesQueryOptions } from '../../features/events/api/get-tour-dates'
import { galleryItemsQueryOptions, gallerySlugs } from '../../features/media/api/get-gallery-items'
import { tourPromoQueryOptions } from '../../features/tour-promo/api/get-tour-promo'
import type { LoaderFunctionArgs } from 'react-router'
import { localeOfPath } from '../../lib/i18n/locale-of-path'
import type { LoaderDeps, ServerModule } from '../route-module'

/** The home page's tour dates, gallery and tour promo. */
export function loader({ queryClient, contentClient, now }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const lang = localeOfPath(new URL(request.url).pathname)
    await Promise.all([
      queryClient.ensureQueryData(tourDatesQueryOptions(contentClient, now())),
      queryClient.ensureQueryData(galleryItemsQueryOptions(contentClient, lang)),
      queryClient.ensureQueryData(tourPromoQueryOptions(contentClient, lang)),
    ])
    return null
  }
}

/** `?media=<slug>` renders that item's sharing metadata; any other value renders the page as without it. */
export const values: ServerModule['values'] = { media: gallerySlugs }
