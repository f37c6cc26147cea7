import { createContext, useContext, type ReactNode } from 'react'
import { matchRoutes, useLocation, type RouteObject } from 'react-router'
import type { Locale } from '../lib/i18n/locale-contract'
import { LOCALES } from '../lib/i18n/locale-contract'
import { localizedPath } from '../lib/i18n/localized-path-contract'
import type { RouteHandle, Translations } from './route-module'

const PageRoutes = createContext<RouteObject[]>([])

/** Gives the frame (header, footer) and the page's metadata the route table the page was matched in. */
export function PageRoutesProvider({ routes, children }: { routes: RouteObject[]; children: ReactNode }) {
  return <PageRoutes.Provider value={routes}>{children}</PageRoutes.Provider>
}

const everyLanguage = (): Translations => ({})

/** The current page's route id and its `useTranslations` (its page module's, else: every language, same path). */
function useCurrentPage() {
  const routes = useContext(PageRoutes)
  const { pathname } = useLocation()
  const leaf = matchRoutes(routes, pathname)?.at(-1)
  const handle = leaf?.route.handle as RouteHandle | undefined
  return { id: leaf?.route.id ?? '', useTranslations: handle?.page?.()?.useTranslations ?? everyLanguage }
}

function CallTranslations({
  useTranslations,
  children,
}: {
  useTranslations: () => Translations
  children: (translations: Translations) => ReactNode
}) {
  return children(useTranslations())
}

/**
 * Renders `children` with the current page's translations (route-module.ts `useTranslations`). Each page's hook
 * is called in a component of its own, keyed by route, so a navigation to a page with another hook starts afresh.
 */
export function WithPageTranslations({ children }: { children: (translations: Translations) => ReactNode }) {
  const { id, useTranslations } = useCurrentPage()
  return (
    <CallTranslations key={id} useTranslations={useTranslations}>
      {children}
    </CallTranslations>
  )
}

/** The page's address (a route table path) in each language where it exists, `null` where it does not. */
export function translatedPaths(translations: Translations, samePath: string): Record<Locale, string | null> {
  const paths = Object.fromEntries(
    LOCALES.map((locale) => {
      const path = translations[locale]
      return [locale, path === null ? null : localizedPath(locale, path ?? samePath)]
    }),
  )
  return paths as Record<Locale, string | null>
}
