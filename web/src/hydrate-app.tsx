import { hydrate } from '@tanstack/react-query'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from './lib/router'
import { App } from './app/app'
import { APP_STATE_GLOBAL } from './app/app-state'
import { RouteError } from './app/route-error'
import { AppRoutes, createRoutes, preloadRoutes } from './app/routes'
import { createContentClient } from './lib/content-client'
import { followPublishesLater } from './lib/follow-publishes-later'
import { createQueryClient } from './lib/query-client'

/**
 * The page and its client code: react-dom, the router, the query cache and every component on the first render.
 * `entry-client.tsx` imports this module once the server HTML has painted (ADR 130).
 */
export async function hydrateApp() {
  const state = window[APP_STATE_GLOBAL]
  const queryClient = createQueryClient()
  hydrate(queryClient, state.queryState)
  const contentClient = createContentClient(state.config.content)

  // The declarative router (not createBrowserRouter): the data router adds ~18 KB gzip to every page, and in
  // the browser the pages load their data through react-query anyway (ADR 030).
  const routes = createRoutes({ queryClient, contentClient })
  // The page's own chunk first: a route still loading would leave the server's HTML inert (lazy-route.tsx).
  if (!state.error) await preloadRoutes(routes, window.location.pathname)
  // Inside a transition, hydration runs at a transition lane: React renders it in slices of a few milliseconds
  // and yields between them, instead of one long task for the whole page (ADR 130). An input on the page before
  // it has finished makes React hydrate the rest at once and then handle it, so no click is lost.
  startTransition(() => {
    hydrateRoot(
      document,
      <App state={state} queryClient={queryClient} contentClient={contentClient}>
        {state.error ? (
          <RouteError status={state.error.status} />
        ) : (
          <BrowserRouter>
            <AppRoutes routes={routes} />
          </BrowserRouter>
        )}
      </App>,
    )
  })
  followPublishesLater(queryClient, state.config.content, state.syncTags)
}
