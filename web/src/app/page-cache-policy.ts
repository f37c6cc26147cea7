import { matchRoutes } from 'react-router'
import { LOCALES } from '../lib/i18n/locale-contract'
import { localeOfPath, localizedPath } from '../lib/i18n/localized-path-contract'
import type { ParamValues } from './route-module'
import { createRoutes, routerBasename } from './routes'
import { PAGE_MODULES, SERVER_MODULES } from './server-routes'

/** A parameter whose values outside the route's `values` make the page its route's 404. */
export type NotFoundCheck = {
  /** A query parameter's name, or a path parameter's (then `pathValue` is its value in this path). */
  name: string
  pathValue?: string
  exists: ParamValues
}

/**
 * How the server may keep a page's HTML (ADR 090): `params` are the query parameters that change what the
 * page renders; every other parameter (`utm_*`, `fbclid`, ...) is left out of the cache key and of the render.
 * Pages that are not `cacheable` (e.g. a per-subscriber link) are rendered for each request and never stored.
 */
export type PageCachePolicy = {
  cacheable: boolean
  params: string[]
  /** For a parameter whose values name content: the values that exist; others are dropped like unknown ones. */
  known?: Record<string, ParamValues>
  /**
   * The route's own spelling of this path (its pattern with the path's parameters): `/NEWS/` and `/news//`
   * match the news route as `/news` does, and share its entry. Unset for the catch-all.
   */
  canonicalPath?: string
  /** The path names no page (the catch-all 404 route): every such path shares the 404 at `notFoundPath`. */
  notFound?: boolean
  /** Parameters whose values that name nothing make the page the route's 404, shared at `notFoundPath`. */
  notFoundUnless?: NotFoundCheck[]
  /**
   * Where the route's one shared 404 renders from: an address whose parameter names nothing (`~`, which no
   * slug or page number is). Its bytes name no path, so every unknown address can be answered with them.
   */
  notFoundPath?: string
}

/** A value no content has, for the address a route's shared 404 renders from. */
const NAMES_NOTHING = '~'
/** Where the catch-all's shared 404 renders from, in the route table's spelling (one per language). */
const CATCH_ALL_NOT_FOUND = '/404'

// Matching needs only the table's shape and ids; each language has its table (ADR 194).
const matchingTables = new Map(LOCALES.map((locale) => [locale, createRoutes(undefined, locale)]))

/** The pattern of the matched routes with each `:param` replaced (encoded, so a `?` in a slug stays in the path). */
function fillPattern(patterns: string[], value: (name: string) => string): string {
  const segments = patterns
    .join('/')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(value(segment.slice(1))) : segment))
  return `/${segments.join('/')}`
}

/** The leaf route's `values`, split: those whose other values are its 404, and those whose others are dropped. */
function valuesOf(id: string, pathParams: Record<string, string | undefined>) {
  const cache = PAGE_MODULES.get(id)?.cache
  const notFoundNames = new Set(cache ? cache.notFound : [])
  const checks: NotFoundCheck[] = []
  const known: Record<string, ParamValues> = {}
  for (const [name, exists] of Object.entries(SERVER_MODULES.get(id)?.values ?? {})) {
    const pathValue = pathParams[name]
    if (pathValue !== undefined) checks.push({ name, pathValue, exists })
    else if (notFoundNames.has(name)) checks.push({ name, exists })
    else known[name] = exists
  }
  return { checks, known: Object.keys(known).length > 0 ? known : undefined }
}

/**
 * The policy of the page a path matches (routes/<id>.tsx `cache`, routes/<id>.server.ts `values`): where its
 * shared 404 renders from, and the route's own spelling of the path.
 */
export function pageCachePolicy(pathname: string): PageCachePolicy {
  const locale = localeOfPath(pathname)
  const matches = matchRoutes(matchingTables.get(locale)!, pathname, routerBasename(locale)) ?? []
  const inLocale = (path: string) => localizedPath(locale, path)
  const leaf = matches.at(-1)
  const id = leaf?.route.id ?? ''
  const cache = PAGE_MODULES.get(id)?.cache
  if (!leaf || cache === false) return { cacheable: cache !== false, params: [] }
  const params = [...(cache?.params ?? [])].sort()
  if (PAGE_MODULES.get(id)?.status === 404) {
    return { cacheable: true, params, notFound: true, notFoundPath: inLocale(CATCH_ALL_NOT_FOUND) }
  }
  const patterns = matches.flatMap(({ route }) => (route.path ? [route.path] : []))
  const pathParams = leaf.params as Record<string, string | undefined>
  const canonicalPath = inLocale(fillPattern(patterns, (name) => pathParams[name] ?? ''))
  const { checks, known } = valuesOf(id, pathParams)
  const policy: PageCachePolicy = { cacheable: true, params, ...(known ? { known } : {}), canonicalPath }
  if (checks.length === 0) return policy
  const inPath = new Set(checks.flatMap((check) => (check.pathValue === undefined ? [] : [check.name])))
  const query = checks
    .filter((check) => !inPath.has(check.name))
    .map((check) => `${check.name}=${NAMES_NOTHING}`)
    .join('&')
  const notFoundPath = inLocale(
    fillPattern(patterns, (name) => (inPath.has(name) ? NAMES_NOTHING : (pathParams[name] ?? ''))),
  )
  return {
    ...policy,
    notFoundUnless: checks,
    notFoundPath: query ? `${notFoundPath}?${query}` : notFoundPath,
  }
}
