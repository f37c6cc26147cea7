import type { RouteObject } from 'react-router'
import type { Locale } from '../lib/i18n/locale-contract'
import { pageNotFound } from './page-not-found.server'
import type { LoaderDeps, PageModule, ServerModule } from './route-module'
import { createRoutes, SITE_LAYOUT_ID } from './routes'
import * as siteLayout from './site-layout.server'

/** A module's route id: its file name, `routes/<id>.tsx` or `routes/<id>.server.ts`. */
const byId = <T>(modules: Record<string, T>): ReadonlyMap<string, T> =>
  new Map(
    Object.entries(modules).map(([file, module]) => [/([^/]+?)(\.server)?\.tsx?$/.exec(file)![1]!, module]),
  )

// Server-only (entry-server.tsx): the browser's route table imports no route's server half.
/** Every route's page module by id, loaded at once on the server, which renders any of them. */
export const PAGE_MODULES = byId(
  import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx'], { eager: true }),
)
/** Every route's server module by id; the site frame's is not a page's. */
export const SERVER_MODULES = new Map([
  ...byId(import.meta.glob<ServerModule>(['./routes/*.server.ts'], { eager: true })),
  [SITE_LAYOUT_ID, siteLayout as ServerModule],
])

/** The path and query parameters of a request whose values the route's `values` must list, else it is a 404. */
function checkedParams(id: string, request: Request, params: Record<string, string | undefined>) {
  const cache = PAGE_MODULES.get(id)?.cache
  const search = new URL(request.url).searchParams
  const fromQuery = (cache ? (cache.notFound ?? []) : []).map((name) => [name, search.get(name)] as const)
  return [...Object.entries(params), ...fromQuery]
}

/**
 * The route's loader, after its `values` check: a path parameter (or a `notFound` query parameter) whose value
 * the route does not list answers 404 before any content is read for it, as the page cache answers it.
 */
function loaderFor(id: string, deps: LoaderDeps): RouteObject['loader'] {
  const { loader, values } = SERVER_MODULES.get(id) ?? {}
  const load = loader?.(deps)
  if (!values) return load
  return async (args) => {
    for (const [name, value] of checkedParams(id, args.request, args.params)) {
      const exists = values[name]
      if (exists && value != null && !(await exists(deps.contentClient)).includes(value))
        return pageNotFound()
    }
    return load ? load(args) : null
  }
}

/** A language's route table (routes.tsx) with each route's loader and status attached by its id (route-table.ts). */
export function createServerRoutes(deps: LoaderDeps, locale: Locale = 'en'): RouteObject[] {
  return createRoutes((id, route) => {
    const status = PAGE_MODULES.get(id)?.status
    return {
      ...route,
      loader: loaderFor(id, deps),
      ...(status ? { handle: { ...route.handle, status } } : {}),
    }
  }, locale)
}
