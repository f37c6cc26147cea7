import { localizedPath } from '../lib/i18n/localized-path-contract'
import { useLocale } from '../lib/i18n/messages'

/**
 * Shown when the server could not load a page's data (e.g. the content API is down): a plain page with
 * HTTP 500 instead of a blank one. The browser hydrates the same page (AppState.error).
 */
export function RouteError({ status }: { status: number }) {
  // Outside the router (no basename): the home page of the page's language, spelled out.
  const home = localizedPath(useLocale(), '/')
  return (
    <main id="main" className="route-error">
      <title>Something went wrong</title>
      <meta name="robots" content="noindex" />
      <h1>Something went wrong</h1>
      <p>The page could not be loaded ({status}). Please try again in a moment.</p>
      <p>
        <a href={home}>Back to the home page</a>
      </p>
    </main>
  )
}
