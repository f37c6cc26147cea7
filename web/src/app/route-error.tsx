import { localizedPath } from '../lib/i18n/localized-path-contract'
import { useLocale, useMessages } from '../lib/i18n/messages'

/**
 * Shown when the server could not load a page's data (e.g. the content API is down): a plain page with
 * HTTP 500 instead of a blank one. The browser hydrates the same page (AppState.error).
 */
export function RouteError({ status }: { status: number }) {
  const { routeError, common } = useMessages()
  // Outside the router (no basename): the home page of the page's language, spelled out.
  const home = localizedPath(useLocale(), '/')
  return (
    <main id="main" className="route-error">
      <title>{routeError.title}</title>
      <meta name="robots" content="noindex" />
      <h1>{routeError.title}</h1>
      <p>{routeError.body(status)}</p>
      <p>
        <a href={home}>{common.backHome}</a>
      </p>
    </main>
  )
}
