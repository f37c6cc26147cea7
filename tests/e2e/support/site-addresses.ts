import { existsSync } from 'node:fs'
import { DEFAULT_CONTENT_CONFIG } from '../../../web/src/config/public-config'
import { createContentClient, type ContentClient } from '../../../web/src/lib/content-client'
import type { ServerModule } from '../../../web/src/app/route-module'
import { SITE_PAGES, type RouteEntry } from '../../../web/src/app/route-table'
import { LOCALES, type Locale } from '../../../web/src/lib/i18n/locale-contract'
import { localizedPath } from '../../../web/src/lib/i18n/localized-path-contract'

/**
 * A page of the site at a concrete address: `template` names it in test titles and budgets (`/news/<slug>`,
 * `/es/news/<slug>`); `locale` is the address's language.
 */
export type SiteAddress = { id: string; template: string; url: string; locale: Locale }

const ROUTES_DIR = new URL('../../../web/src/app/routes/', import.meta.url)

/** A route's `values` (routes/<id>.server.ts), or none. */
async function valuesOf(id: string, routesDir: URL): Promise<ServerModule['values']> {
  const file = new URL(`${id}.server.ts`, routesDir)
  if (!existsSync(file)) return undefined
  return ((await import(file.href)) as ServerModule).values
}

/** The path of a route entry with each `:param` filled by `fill`; the catch-all becomes an address nothing has. */
function fillPath(entry: RouteEntry, fill: (name: string) => string): string {
  if (!entry.path) return '/'
  const segments = entry.path.split('/').map((segment) => {
    if (segment === '*') return 'no/such/page'
    return segment.startsWith(':') ? fill(segment.slice(1)) : segment
  })
  return `/${segments.join('/')}`
}

/**
 * The addresses of one page in `locale`: its path with each path parameter set to the first value its `values` lists
 * in that language,
 * and, for each query parameter its `values` lists, the same path with that parameter's last value (a later
 * page, another state).
 */
async function addressesOf(
  entry: RouteEntry,
  client: ContentClient,
  routesDir: URL,
  locale: Locale,
): Promise<SiteAddress[]> {
  const values = (await valuesOf(entry.id, routesDir)) ?? {}
  const read = Object.fromEntries(
    await Promise.all(
      Object.entries(values).map(async ([name, list]) => [name, await list(client, locale)] as const),
    ),
  )
  const inPath = new Set(
    (entry.path ?? '').split('/').flatMap((s) => (s.startsWith(':') ? [s.slice(1)] : [])),
  )
  const path = fillPath(entry, (name) => read[name]?.[0] ?? name)
  const base = { id: entry.id, template: fillPath(entry, (name) => `<${name}>`), url: path }
  const withQuery = Object.entries(read).flatMap(([name, list]) =>
    inPath.has(name) || list.length === 0
      ? []
      : [
          {
            id: entry.id,
            template: `${base.template}?${name}=<${name}>`,
            url: `${path}?${name}=${list.at(-1)}`,
          },
        ],
  )
  // In each language at its own path: English as it is, Spanish under `/es` (ADR 194).
  return [base, ...withQuery].map(({ id, template, url }) => ({
    id,
    template: localizedPath(locale, template),
    url: localizedPath(locale, url),
    locale,
  }))
}

/** A reader of the published content of the site at `baseURL` (the embedded content API). */
export function siteContentClient(baseURL: string): ContentClient {
  const { dataset, apiVersion } = DEFAULT_CONTENT_CONFIG
  return createContentClient({ apiUrl: new URL('/content', baseURL).href, dataset, apiVersion })
}

/**
 * The pages of the route table (web/src/app/route-table.ts), at addresses of the content `client` reads (the
 * seed), in English and then in Spanish: the size guard and the HTML checker measure these, so a new page is
 * measured in both languages without a list to edit.
 */
export async function siteAddresses(
  client: ContentClient,
  { pages = SITE_PAGES, routesDir = ROUTES_DIR }: { pages?: RouteEntry[]; routesDir?: URL } = {},
): Promise<SiteAddress[]> {
  const addresses = await Promise.all(
    LOCALES.flatMap((locale) => pages.map((entry) => addressesOf(entry, client, routesDir, locale))),
  )
  return addresses.flat()
}
