/**
 * Sanity's visual editing overlay on a draft page (ADR 160), started when this module is evaluated: a draft
 * page's HTML names it (and the chunk Sanity's overlay renders from) as module scripts, so it runs before the
 * frame's load event, beside hydration rather than after it. The Presentation tool gives the overlay 8 s after
 * that event to connect and logs an error past it; on a busy machine hydration alone took longer. The overlay
 * reads the page's DOM (stega and `data-sanity`), so it needs nothing from React; the router and the query cache
 * reach it through overlay-link.ts once the app has hydrated. Public pages never fetch this file.
 */
import { enableVisualEditing } from '@sanity/visual-editing'
import { APP_STATE_GLOBAL } from '../app/app-state'
import type { PreviewPerspective } from '../lib/preview/preview-contract'
import { overlayHistory, refreshContent } from './overlay-link'
import { switchPerspective } from './perspective-switch'

/**
 * Performance marks: when the overlay started, and when it first heard from the tool (it asks for the tool's
 * perspective once connected). The Presentation e2e reports both against the frame's load event.
 */
export const OVERLAY_MARKS = { started: 'overlay started', connected: 'overlay connected' } as const

let started: Promise<void> | undefined

/** Starts the overlay, once; the promise settles when it has connected to the Presentation tool. */
export function startOverlay(): Promise<void> {
  return (started ??= enableOverlay())
}

function enableOverlay(): Promise<void> {
  const state = window[APP_STATE_GLOBAL]
  let shown: PreviewPerspective = state.previewPerspective ?? 'drafts'
  let connected: () => void = () => {}
  const connection = new Promise<void>((resolve) => (connected = resolve))
  performance.mark(OVERLAY_MARKS.started)
  enableVisualEditing({
    zIndex: 1000,
    history: overlayHistory,
    refresh: (payload) => (payload.source === 'manual' ? refreshContent() : false),
    // The tool's Drafts / Published switch (as Sanity's React Router guide does it): the server's session shows
    // the other perspective from now on, and the page reads its content again. The tool asks once on connect,
    // with what the page already shows.
    onPerspectiveChange: (perspective) => {
      if (performance.getEntriesByName(OVERLAY_MARKS.connected).length === 0) {
        performance.mark(OVERLAY_MARKS.connected)
        connected()
      }
      void switchPerspective(shown, perspective).then((now) => {
        if (now === shown) return
        shown = now
        return refreshContent()
      })
    },
    // Stega in a title, an attribute or a URL is a bug of ours: say so where tests and developers look. The
    // page's state script carries the draft data it hydrates with, stega and all, on purpose.
    onSuspiciousStega: (reports) => {
      const misplaced = reports.filter(
        (report) => !(report.kind === 'script' && report.value.startsWith(`window.${APP_STATE_GLOBAL}=`)),
      )
      if (misplaced.length > 0) console.error('Stega edit links where they do not belong:', misplaced)
    },
  })
  return connection
}

/**
 * Whether the page is where the Presentation tool shows it: its frame, or the window its "open in a new window"
 * opened (the test `@sanity/visual-editing` makes before it connects, from `@sanity/presentation-comlink`). A
 * draft page in a tab of its own, or the Studio's own window, never runs the overlay: in the Studio's window it
 * stopped the Studio from saving (issue 36, ADR 160).
 */
export function inPresentation(): boolean {
  return window.self !== window.top || !!window.opener
}

if (window[APP_STATE_GLOBAL]?.draftMode && inPresentation()) void startOverlay()
