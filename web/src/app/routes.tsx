import type { QueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useRoutes, type RouteObject } from '../lib/router'
import { RouteFallback } from '../components/route-fallback'
import { galleryItemsQueryOptions, gallerySlugs } from '../features/media/api/get-gallery-items'
import { newsletterPopupQueryOptions } from '../features/newsletter/api/get-newsletter-popup'
import { tourDatesQueryOptions } from '../features/events/api/get-tour-dates'
import { siteSettingsQueryOptions } from '../features/site/api/get-site-settings'
import { tourPromoQueryOptions } from '../features/tour-promo/api/get-tour-promo'
import type { ContentClient } from '../lib/content-client'
import { AdminRoute } from './routes/admin'
import { HomePage } from './routes/home'
import { newsListLoader, newsPostLoader, NewsPostRoute, NewsRoute } from './routes/news'
import { NotFoundPage } from './routes/not-found'
import { pastShowsLoader, PastShowsRoute, showLoader, ShowRoute } from './routes/shows'
import { RootLayout } from './root-layout'
import {
  NewsletterConfirmedPage,
  NewsletterUnsubscribedPage,
  NewsletterUnsubscribePage,
} from './routes/newsletter-pages'
import { SiteLayout } from './site-layout'

/**
 * `handle.status` lets the server answer with the right HTTP status for a page that renders fine.
 * `handle.cache` tells the server's page cache (ADR 090) which query parameters change what the route renders
 * (the others are ignored), or `false` for a page that differs per visitor and must never be stored.
 * Routes without it are cached per path.
 */
/** The values of a query parameter that name existing content, read once per content revision. */
export type KnownParamValues = (client: ContentClient) => Promise<string[]>

/**
 * `cache.params`: the query parameters the page renders from (ADR 090). `cache.known`: for a parameter whose
 * values name content, the values that exist; any other value renders the page as without the parameter.
 */
export type RouteHandle = {
  status?: number
  cache?: false | { params: string[]; known?: Record<string, KnownParamValues> }
}

/**
 * What loaders need: the render's query cache, a content client (loopback on the server) and the render's
 * "now" (the server clock, ADR 031; only server renders run loaders).
 */
export type RouteDeps = { queryClient: QueryClient; contentClient: ContentClient; now?: () => Date }

/**
 * One route table for the server and the browser (see ADR 030). The server runs it through React Router's
 * static handler: the loaders fill the per-request query cache through the same query-options factories the
 * components read with (and return nothing, so the data travels once, in the dehydrated cache), and the
 * matched route's `handle` gives the HTTP status. Both renders then draw the table with `useRoutes`; in the
 * browser, pages read their data with `useSuspenseQuery`, which fetches what the cache lacks.
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
        { path: '/admin/*', element: <AdminRoute />, handle: { cache: false } satisfies RouteHandle },
        {
          element: <SiteLayout />,
          loader: async () => {
            await Promise.all([
              queryClient.ensureQueryData(siteSettingsQueryOptions(contentClient)),
              queryClient.ensureQueryData(newsletterPopupQueryOptions(contentClient)),
            ])
            return null
          },
          children: [
            {
              index: true,
              element: <HomePage />,
              // `?media=<slug>` renders that item's sharing metadata; `?newsletter=true` acts in the browser only.
              handle: {
                cache: { params: ['media'], known: { media: gallerySlugs } },
              } satisfies RouteHandle,
              loader: async () => {
                await Promise.all([
                  queryClient.ensureQueryData(tourDatesQueryOptions(contentClient)),
                  queryClient.ensureQueryData(galleryItemsQueryOptions(contentClient)),
                  queryClient.ensureQueryData(tourPromoQueryOptions(contentClient)),
                ])
                return null
              },
            },
            {
              path: 'news',
              element: <NewsRoute />,
              handle: { cache: { params: ['page'] } } satisfies RouteHandle,
              loader: newsListLoader({ queryClient, contentClient }),
            },
            {
              path: 'news/:slug',
              element: <NewsPostRoute />,
              loader: newsPostLoader({ queryClient, contentClient }),
            },
            {
              path: 'shows/past',
              element: <PastShowsRoute />,
              handle: { cache: { params: ['page'] } } satisfies RouteHandle,
              loader: pastShowsLoader(deps),
            },
            { path: 'shows/:slug', element: <ShowRoute />, loader: showLoader(deps) },
            {
              path: 'newsletter/confirmed',
              element: <NewsletterConfirmedPage />,
              handle: { cache: { params: ['status'] } } satisfies RouteHandle,
            },
            {
              // The page carries the subscriber's own token in its form.
              path: 'newsletter/unsubscribe',
              element: <NewsletterUnsubscribePage />,
              handle: { cache: false } satisfies RouteHandle,
            },
            {
              path: 'newsletter/unsubscribed',
              element: <NewsletterUnsubscribedPage />,
              handle: { cache: { params: ['status'] } } satisfies RouteHandle,
            },
            { path: '*', element: <NotFoundPage />, handle: { status: 404 } satisfies RouteHandle },
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
