import { newsletterPopupQueryOptions } from '../features/newsletter/api/get-newsletter-popup'
import { siteSettingsQueryOptions } from '../features/site/api/get-site-settings'
import type { LoaderDeps } from './route-module'

/** What every public page's frame reads: the site settings and the newsletter popup's settings. */
export function loader({ queryClient, contentClient }: LoaderDeps) {
  return async () => {
    await Promise.all([
      queryClient.ensureQueryData(siteSettingsQueryOptions(contentClient)),
      queryClient.ensureQueryData(newsletterPopupQueryOptions(contentClient)),
    ])
    return null
  }
}
