import { hydrate, type QueryClient } from '@tanstack/react-query'
import { startTransition, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter, type RouteObject } from 'react-router'
import { App } from './app/app'
import { APP_STATE_GLOBAL, type AppState } from './app/app-state'
import { AppRoutes, createRoutes, preloadRoutes, routerBasename } from './app/routes'
import { createContentClient } from './lib/content-client'
import { followPublishesLater } from './lib/follow-publishes-later'
import { loadMessages } from './lib/i18n/messages'
import { holdServerNow } from './lib/now'
import { createQueryClient } from './lib/query-client'
import { holdHydration } from './lib/first-load/use-hydrated'
import { warmIntlOffMainThread } from './lib/first-load/warm-intl'

/**
 * The page the server rendered, with its code loaded: the route's own chunk (a route still loading would leave
 * the server's HTML inert, routes.tsx), or the error page's, only where the server rendered one.
 */
async function pageToHydrate(
  { error, locale }: AppState,
  routes: RouteObject[],
  beside?: ReactNode,
): Promise<ReactNode> {
  if (error) {
    const { RouteError } = await import('./app/route-error')
    return <RouteError status={error.status} />
  }
  const basename = routerBasename(locale)
  await preloadRoutes(routes, window.location.pathname, basename)
  return (
    <BrowserRouter basename={basename}>
      <AppRoutes routes={routes} />
      {beside}
    </BrowserRouter>
  )
}

/**
 * A draft page's own code (ADR 160), fetched before it hydrates: its click-to-edit attributes are part of the
 * server's HTML. A public page never fetches it.
 */
async function draftPreview(state: AppState, queryClient: QueryClient) {
  if (!state.draftMode) return undefined
  const { createEditAttributes, PreviewBridge } = await import('./preview/draft-preview')
  return {
    editAttributes: createEditAttributes(state.config.content),
    bridge: <PreviewBridge queryClient={queryClient} />,
  }
}

/**
 * The page and its client code: react-dom, the router, the query cache and every component on the first render.
 * `entry-client.tsx` imports this module once the server HTML has painted (ADR 130).
 */
export async function hydrateApp() {
  const state = window[APP_STATE_GLOBAL]
  const queryClient = createQueryClient()
  hydrate(queryClient, state.queryState)
  const contentClient = createContentClient(state.config.content)

  // React Router in declarative mode: in the browser the pages load their data through react-query (ADR 030).
  // The page's language is the table's (ADR 194): a link to the other language loads that page anew.
  const routes = createRoutes(undefined, state.locale)
  const preview = await draftPreview(state, queryClient)
  const pageReady = pageToHydrate(state, routes, preview?.bridge)
  const messagesReady = loadMessages(state.locale)
  // A page's first `Intl.DateTimeFormat` loads ICU's locale, calendar and time zone data: a long task under
  // Lighthouse's CPU slowdown, which the event list and the news dates paid while they hydrated (and,
  // warmed up here in a task of its own, that task). A worker has loaded that data meanwhile (the entry started
  // it), so every formatter hydration creates costs a fraction of a millisecond (ADR 130).
  await warmIntlOffMainThread(state.locale)
  const [page, messages] = await Promise.all([pageReady, messagesReady])
  holdServerNow(Date.parse(state.now))
  holdHydration()
  // Inside a transition, hydration runs at a transition lane: React renders it in slices of a few milliseconds
  // and yields between them, instead of one long task for the whole page (ADR 130). An input on the page before
  // it has finished makes React hydrate the rest at once and then handle it, so no click is lost.
  startTransition(() => {
    hydrateRoot(
      document,
      <App
        state={state}
        queryClient={queryClient}
        contentClient={contentClient}
        editAttributes={preview?.editAttributes}
        messages={messages}
      >
        {page}
      </App>,
    )
  })
  // A draft page follows draft edits at once (the live stream of the draft proxy); a public page waits (ADR 130).
  if (state.draftMode) {
    void import('./lib/live-updates').then((live) =>
      live.followPublishes(queryClient, state.config.content, state.syncTags),
    )
  } else followPublishesLater(queryClient, state.config.content, state.syncTags)
}
