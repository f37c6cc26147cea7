import { lazy, Suspense, type ComponentType } from 'react'
import { matchRoutes, useRoutes, type RouteObject } from 'react-router'
import { RouteFallback } from '../components/route-fallback'
import type { Locale } from '../lib/i18n/locale-contract'
import { LOCALE_BASENAME } from '../lib/i18n/localized-path-contract'
import { loadMessages, useMessages } from '../lib/i18n/messages'
import { PageRoutesProvider } from '../lib/i18n/page-translations'
import type { PageModule, RouteHandle } from './route-module'
import { FRAMELESS_PAGES, SITE_PAGES, type RouteEntry } from './route-table'
import { RootLayout } from './root-layout'
import { SiteLayout } from './site-layout'

/** The id of the site frame's route, whose loader reads what every public page's frame shows. */
export const SITE_LAYOUT_ID = 'site'

/** How the server extends a route (its loader and status, by route id: server-routes.ts); the browser adds nothing. */
export type AttachToRoute = (id: string, route: RouteObject) => RouteObject

/**
 * A route whose page module is a chunk of its own, loaded once, so a page carries only its own code and
 * stylesheets (ADR 130). `preload` fetches it; once loaded it renders at once, without suspending. Hydration
 * preloads the route the address matches first (hydrate-app.tsx), so the server's HTML is never swapped for a
 * fallback; a client-side navigation to a route not loaded yet suspends in its transition, and the previous
 * page stays until the chunk has arrived.
 */
function asRoute({ id, path, messages, load }: RouteEntry, locale: Locale): RouteObject {
  let loaded: PageModule | undefined
  let pending: Promise<ComponentType> | undefined
  // The page's strings come with its code: it renders once both are in.
  const preload = () =>
    (pending ??= Promise.all([load(), loadMessages(locale, messages)]).then(([module]) => {
      loaded = module
      return module.Page
    }))
  const Lazy = lazy(() => preload().then((Page) => ({ default: Page })))
  const LazyRoute = () => (loaded ? <loaded.Page /> : <Lazy />)
  const handle: RouteHandle = { preload, page: () => loaded }
  return { id, ...(path ? { path } : { index: true }), element: <LazyRoute />, handle }
}

/**
 * The one route table (route-table.ts), for React Router on the server and in the browser (ADR 030). The
 * server attaches each route's loader by its id and runs the table through React Router's static handler; both
 * renders then draw it with `useRoutes`, and in the browser pages read their data with `useSuspenseQuery`. The
 * browser routes in React Router's declarative mode, with no loader (ADR 030): the route modules' server
 * halves are never imported here.
 *
 * A language's table (ADR 194): the same site pages serve both, the router's basename (`routerBasename`) puts
 * a Spanish page under `/es`, so every page has its Spanish address and every `<Link to="/news">` on a Spanish
 * page leads to `/es/news`. The Studio (`/admin`) exists once, in English's table.
 */
export function createRoutes(
  attach: AttachToRoute = (_id, route) => route,
  locale: Locale = 'en',
): RouteObject[] {
  const site: RouteObject = {
    id: SITE_LAYOUT_ID,
    element: <SiteLayout />,
    children: SITE_PAGES.map((entry) => attach(entry.id, asRoute(entry, locale))),
  }
  const frameless = locale === 'en' ? FRAMELESS_PAGES : []
  return [
    {
      element: <RootLayout />,
      children: [
        ...frameless.map((entry) => attach(entry.id, asRoute(entry, locale))),
        attach(SITE_LAYOUT_ID, site),
      ],
    },
  ]
}

/** The router's basename for a language's table: none for English, `/es` for Spanish. */
export const routerBasename = (locale: Locale): string | undefined =>
  locale === 'en' ? undefined : LOCALE_BASENAME[locale]

/**
 * Renders the route table in either router (static on the server, browser history in the browser). A page
 * whose data is still loading after a client-side navigation shows the loading text; navigations run in a
 * transition, so usually the previous page simply stays until the next one is ready.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  const { common } = useMessages()
  return (
    <PageRoutesProvider routes={routes}>
      <Suspense fallback={<RouteFallback text={common.loading} />}>{useRoutes(routes)}</Suspense>
    </PageRoutesProvider>
  )
}

/**
 * Fetches the page chunks of the routes `pathname` matches. Hydration waits for them, so the page hydrates
 * at once instead of keeping the server's HTML inert until its chunk arrives.
 */
export async function preloadRoutes(
  routes: RouteObject[],
  pathname: string,
  basename?: string,
): Promise<void> {
  const matches = matchRoutes(routes, pathname, basename) ?? []
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload?.()))
}
