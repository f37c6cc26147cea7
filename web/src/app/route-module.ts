import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { LoaderFunction } from 'react-router'
import type { ContentClient } from '../lib/content-client'
import type { Locale } from '../lib/i18n/locale-contract'
import type { Translations } from '../lib/i18n/translations-contract'

/**
 * How the server may keep a page's HTML (ADR 090). `params`: the query parameters the page renders from; every
 * other one (`utm_*`, `fbclid`, ...) is left out of the cache key and of the render. `notFound`: query
 * parameters whose values outside the route's `values` make the page its route's 404 (a path parameter with
 * `values` always does); any other parameter's unknown value is dropped. `false`: a page that differs per
 * visitor, never stored.
 */
export type PageCache = false | { params: string[]; notFound?: string[] }

/** A route's page module (routes/<id>.tsx): its component, imported with its stylesheets, and its cache policy. */
export type PageModule = {
  Page: ComponentType
  /** Unset: stored per path. */
  cache?: PageCache
  /** The HTTP status of a page that renders fine (the catch-all 404 page). */
  status?: number
  /**
   * Where this page is in each language, when not at the same path (ADR 194): a hook, called by the page's
   * metadata (hreflang) and by the language switch, from the data the page reads. Unset: the page exists in
   * every language at the same path.
   */
  useTranslations?: () => Translations
}

export type { Translations }

/**
 * The values of a path or query parameter that name content (a superset is safe), read once per revision; with
 * a language, those of its pages only (a post is written per language), else every language's.
 */
export type ParamValues = (client: ContentClient, locale?: Locale) => Promise<string[]>

/** What a loader needs: the render's query cache, its content reader and its "now" (the server clock, ADR 031). */
export type LoaderDeps = { queryClient: QueryClient; contentClient: ContentClient; now: () => Date }

/**
 * A route's server module (routes/<id>.server.ts), attached by route id on the server only: its loader, which
 * fills the render's query cache, and `values`, the one answer to "which values of this parameter exist", which
 * both the render's 404 and the page cache's shared 404 read.
 */
export type ServerModule = {
  loader?: (deps: LoaderDeps) => LoaderFunction
  values?: Record<string, ParamValues>
}

/**
 * What a route carries beside its page: `preload` fetches its page module (routes.tsx), `page` is that module once
 * loaded; `status`, the HTTP status of a page that renders fine (the catch-all 404 page), is set on the server
 * from the page module.
 */
export type RouteHandle = {
  status?: number
  preload?: () => Promise<unknown>
  page?: () => PageModule | undefined
}
