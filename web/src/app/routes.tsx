import type { QueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { matchRoutes, useRoutes, type RouteObject } from 'react-router'
import { RouteFallback } from '../components/route-fallback'
import { gallerySlugs } from '../features/media/api/get-gallery-items'
import { newsPageNumbers, newsPostSlugs } from '../features/news/api/news-addresses'
import {
  areaSlugs,
  pastShowPageNumbers,
  showSlugs,
  upcomingShowPageNumbers,
} from '../features/shows/api/show-addresses'
import type { ContentClient } from '../lib/content-client'
import { lazyRoute } from './lazy-route'
import type { RouteHandle } from './route-handle'
import './route-styles'
import { newsListLoader, newsPostLoader } from './loaders/news-loaders'
import { homeLoader, siteLayoutLoader } from './loaders/site-loaders'
import { pastShowsLoader, showLoader, upcomingShowsLoader } from './loaders/show-loaders'
import { RootLayout } from './root-layout'
import { SiteLayout } from './site-layout'

// Each page in a chunk of its own (ADR 130): the home page carries no news, shows or admin code, and the
// other pages no home page code.
const page = {
  home: () => import('./routes/home').then((module) => module.HomePage),
  news: () => import('./routes/news').then((module) => module.NewsRoute),
  newsPost: () => import('./routes/news').then((module) => module.NewsPostRoute),
  pastShows: () => import('./routes/shows').then((module) => module.PastShowsRoute),
  upcomingShows: () => import('./routes/shows').then((module) => module.UpcomingShowsRoute),
  show: () => import('./routes/shows').then((module) => module.ShowRoute),
  notFound: () => import('./routes/not-found').then((module) => module.NotFoundPage),
  admin: () => import('./routes/admin').then((module) => module.AdminRoute),
  newsletterConfirmed: () =>
    import('./routes/newsletter-pages').then((module) => module.NewsletterConfirmedPage),
  newsletterUnsubscribe: () =>
    import('./routes/newsletter-pages').then((module) => module.NewsletterUnsubscribePage),
  newsletterUnsubscribed: () =>
    import('./routes/newsletter-pages').then((module) => module.NewsletterUnsubscribedPage),
}

/** /shows: `?area=<slug>` is the tour in one area (ADR 191); one naming no area, like a page past the last, is the shared 404 (ADR 090). */
const upcomingShowsCache: RouteHandle['cache'] = {
  params: ['area', 'page'],
  notFoundUnless: { page: upcomingShowPageNumbers, area: areaSlugs },
}

/**
 * What loaders need: the render's query cache, a content client (loopback on the server) and the render's
 * "now" (the server clock, ADR 031; only server renders run loaders).
 */
export type RouteDeps = { queryClient: QueryClient; contentClient: ContentClient; now?: () => Date }

/**
 * The one route table, for React Router on the server and in the browser (ADR 030). The server runs it through
 * React Router's static handler: the loaders fill the per-request query cache through the same query-options
 * factories the components read with (and return `null`, so the data travels once, in the dehydrated cache;
 * `pageNotFound()` when the address names no content), and the matched routes give the HTTP status. Both
 * renders then draw the table with React Router's `useRoutes`; in the browser, pages read their data with
 * `useSuspenseQuery`, which fetches what the cache lacks. Loaders run only on the server (`import.meta.env.SSR`
 * is a build-time constant, so the browser bundle carries none of them): the browser routes in React Router's
 * declarative mode, 14.6 KB gzip where its data router is 33.5 KB (ADR 030).
 */
export function createRoutes({
  queryClient,
  contentClient,
  now = () => new Date(),
}: RouteDeps): RouteObject[] {
  const deps = { queryClient, contentClient, now }
  return [
    {
      element: <RootLayout />,
      children: [
        // Browser-only; plain HTTP is redirected to the HTTPS port before the page is rendered.
        { path: '/admin/*', ...lazyRoute(page.admin, { cache: false }) },
        {
          element: <SiteLayout />,
          loader: import.meta.env.SSR ? siteLayoutLoader(deps) : undefined,
          children: [
            {
              index: true,
              // `?media=<slug>` renders that item's sharing metadata; `?newsletter=true` acts in the browser only.
              ...lazyRoute(page.home, { cache: { params: ['media'], known: { media: gallerySlugs } } }),
              loader: import.meta.env.SSR ? homeLoader(deps) : undefined,
            },
            {
              path: 'news',
              // A page number or slug that names nothing answers the route's one shared 404 (ADR 090).
              ...lazyRoute(page.news, {
                cache: { params: ['page'], notFoundUnless: { page: newsPageNumbers } },
              }),
              loader: import.meta.env.SSR ? newsListLoader({ queryClient, contentClient }) : undefined,
            },
            {
              path: 'news/:slug',
              ...lazyRoute(page.newsPost, { cache: { params: [], notFoundUnless: { slug: newsPostSlugs } } }),
              loader: import.meta.env.SSR ? newsPostLoader({ queryClient, contentClient }) : undefined,
            },
            {
              path: 'shows',
              ...lazyRoute(page.upcomingShows, { cache: upcomingShowsCache }),
              loader: import.meta.env.SSR ? upcomingShowsLoader(deps) : undefined,
            },
            {
              path: 'shows/past',
              ...lazyRoute(page.pastShows, {
                cache: { params: ['page'], notFoundUnless: { page: pastShowPageNumbers } },
              }),
              loader: import.meta.env.SSR ? pastShowsLoader(deps) : undefined,
            },
            {
              path: 'shows/:slug',
              ...lazyRoute(page.show, { cache: { params: [], notFoundUnless: { slug: showSlugs } } }),
              loader: import.meta.env.SSR ? showLoader(deps) : undefined,
            },
            {
              path: 'newsletter/confirmed',
              // `status`: the page's states (newsletter-pages.tsx); any other value renders as none.
              ...lazyRoute(page.newsletterConfirmed, {
                cache: { params: ['status'], known: { status: async () => ['invalid', 'expired'] } },
              }),
            },
            {
              // The page carries the subscriber's own token in its form.
              path: 'newsletter/unsubscribe',
              ...lazyRoute(page.newsletterUnsubscribe, { cache: false }),
            },
            {
              path: 'newsletter/unsubscribed',
              ...lazyRoute(page.newsletterUnsubscribed, {
                cache: { params: ['status'], known: { status: async () => ['invalid'] } },
              }),
            },
            { path: '*', ...lazyRoute(page.notFound, { status: 404 }) },
          ],
        },
      ],
    },
  ]
}

/**
 * Renders the route table in either router (static on the server, browser history in the browser). A page
 * whose data is still loading after a client-side navigation shows the loading text; navigations run in a
 * transition, so usually the previous page simply stays until the next one is ready.
 */
export function AppRoutes({ routes }: { routes: RouteObject[] }) {
  return <Suspense fallback={<RouteFallback text="Loading..." />}>{useRoutes(routes)}</Suspense>
}

/**
 * Fetches the page chunks of the routes `pathname` matches. Hydration waits for them, so the page hydrates
 * at once instead of keeping the server's HTML inert until its chunk arrives (lazy-route.tsx).
 */
export async function preloadRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? []
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload?.()))
}
