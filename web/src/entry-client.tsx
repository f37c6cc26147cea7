import { hydrate } from '@tanstack/react-query'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from './app/app'
import { APP_STATE_GLOBAL } from './app/app-state'
import { RouteError } from './app/route-error'
import { AppRoutes, createRoutes } from './app/routes'
import { createContentClient } from './lib/content-client'
import { onFirstInteraction } from './lib/on-first-interaction'
import { createQueryClient } from './lib/query-client'

const state = window[APP_STATE_GLOBAL]
const queryClient = createQueryClient()
hydrate(queryClient, state.queryState)
const contentClient = createContentClient(state.config.content)

// The declarative router (not createBrowserRouter): the data router adds ~18 KB gzip to every page, and in
// the browser the pages load their data through react-query anyway (ADR 030).
const routes = createRoutes({ queryClient, contentClient })

/**
 * Hydration is one long task; started at once, it runs before the browser paints the server HTML's hero image
 * (the LCP element), and the paint waits for it. Started after the next frame, the page paints first and
 * hydrates right after (ADR 130). A tab opened in the background gets no frames: the timer starts it anyway.
 */
function afterNextPaint(callback: () => void) {
  let started = false
  const start = () => {
    if (started) return
    started = true
    callback()
  }
  requestAnimationFrame(() => setTimeout(start, 0))
  setTimeout(start, 250)
}

/**
 * Open tabs follow publishes (ADR 140) from the visitor's first input, or 20 s after hydration for one who only
 * reads: never part of the JavaScript loaded before the first input (ADR 130), and no open stream while a page
 * loads (lab tools and tests wait for the network to go quiet).
 */
function followPublishesLater() {
  let started = false
  const start = () => {
    if (started) return
    started = true
    cancel()
    void import('./lib/live-updates').then((live) =>
      live.followPublishes(queryClient, state.config.content, state.syncTags),
    )
  }
  const cancel = onFirstInteraction(start)
  setTimeout(start, 20_000)
}

afterNextPaint(() => {
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
  followPublishesLater()
})
