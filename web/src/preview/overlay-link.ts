import type { HistoryAdapter, HistoryAdapterNavigate } from '@sanity/visual-editing'

/**
 * What Sanity's overlay, started before the app hydrates (start-overlay.ts), needs from the app once it has:
 * its router and its query cache. Until then a link from the tool waits here, and the tool's address bar is told
 * the page's own address.
 */
export type AppSide = {
  /** Opens a page of the site in the router (the Presentation tool's address bar). */
  navigate: (url: string, options: { replace: boolean }) => void
  back: () => void
  /** Reads every content query again: the tool's refresh button, a perspective switch. */
  refresh: () => Promise<void>
}

let app: AppSide | undefined
let tool: HistoryAdapterNavigate | undefined
let pendingVisit: { url: string; replace: boolean } | 'back' | undefined
let pendingRefresh = false

const here = () => `${window.location.pathname}${window.location.search}${window.location.hash}`

/** The app, hydrated, takes over what the overlay asks for; returns its release. */
export function connectApp(side: AppSide): () => void {
  app = side
  if (pendingVisit === 'back') side.back()
  else if (pendingVisit) side.navigate(pendingVisit.url, { replace: pendingVisit.replace })
  if (pendingRefresh) void side.refresh()
  pendingVisit = undefined
  pendingRefresh = false
  return () => {
    if (app === side) app = undefined
  }
}

/** The overlay's history adapter: the tool's address bar and the site's router, both ways. */
export const overlayHistory: HistoryAdapter = {
  subscribe(navigate: HistoryAdapterNavigate) {
    tool = navigate
    navigate({ type: 'push', url: here() })
    return () => {
      if (tool === navigate) tool = undefined
    }
  },
  update(update) {
    if (update.type === 'pop') {
      if (app) app.back()
      else pendingVisit = 'back'
    } else if (app) app.navigate(update.url, { replace: update.type === 'replace' })
    else pendingVisit = { url: update.url, replace: update.type === 'replace' }
  },
}

/** Tells the tool's address bar where the router is now. */
export function reportLocation(url: string): void {
  tool?.({ type: 'push', url })
}

/** Reads every content query again, now or once the app has hydrated. */
export function refreshContent(): Promise<void> {
  if (app) return app.refresh()
  pendingRefresh = true
  return Promise.resolve()
}
