import { newsletterPopupQueryOptions } from '../features/newsletter/api/get-newsletter-popup'
import { siteSettingsQueryOptions } from '../features/site/api/get-site-settings'
import { localeOfPath } from '../lib/i18n/locale-of-path'
import type { LoaderFunctionArgs } from 'react-router'
import type { LoaderDeps } from './route-module'

/** What every public page's frame reads, in the page's language: the site settings and the newsletter popup. */
export function loader({ queryClient, contentClient }: LoaderDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const lang = localeOfPath(new URL(request.url).pathname)
    await Promise.all([
      queryClient.ensureQueryData(siteSettingsQueryOptions(contentClient, lang)),
      queryClient.ensureQueryData(newsletterPopupQueryOptions(contentClient, lang)),
    ])
    return null
  }
}
