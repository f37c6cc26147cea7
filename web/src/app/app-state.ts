import type { DehydratedState } from '@tanstack/react-query'
import type { PublicConfig } from '../config/public-config'
import type { Locale } from '../lib/i18n/locale-contract'
import type { PreviewPerspective } from '../lib/preview/preview-contract'

/**
 * Files the first paint needs, from Vite's manifest (prod) or the dev server. `inlineCss` lists the stylesheets
 * of `css` the server writes into the page itself (ADR 130); the browser finds them there.
 */
export type ClientAssets = {
  entry: string
  css: string[]
  preload: string[]
  inlineCss?: string[]
  /** What a draft page preloads besides (the visual editing overlay, ADR 160); a public page never names it. */
  draftPreload?: string[]
  /** What a draft page runs as module scripts before its entry (the overlay, ADR 160). */
  draftScripts?: string[]
}

/** Everything the server hands the browser so hydration renders exactly what the server did. */
export type AppState = {
  config: PublicConfig
  assets: ClientAssets
  queryState: DehydratedState
  /** The page's language (from its address, ADR 193): the browser loads that catalogue before it hydrates. */
  locale: Locale
  /** The server's "now" (ISO) for this render; the browser hydrates with it (see lib/now.tsx). */
  now: string
  /** The sync tags of each dehydrated query, by query hash (lib/sync-tags.ts): what live updates compare. */
  syncTags?: Record<string, string[] | null>
  /** A draft session's page (ADR 160): the browser loads visual editing and follows draft edits at once. */
  draftMode?: true
  /** What a draft page shows, as the Presentation tool's perspective switch last set it (ADR 160). */
  previewPerspective?: PreviewPerspective
  /** Set when a loader failed on the server: both renders show the error page. */
  error?: { status: number }
}

export const APP_STATE_GLOBAL = '__APP_STATE__'

declare global {
  interface Window {
    [APP_STATE_GLOBAL]: AppState
  }
}
