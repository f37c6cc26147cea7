import { createContext, useContext, type ReactNode } from 'react'
import { matchRoutes, useLocation, type RouteObject } from 'react-router'
import type { Translations } from './translations-contract'

export { translatedPaths } from './translations-contract'

/**
 * What the page's translations are read from: a matched route's handle, whose `page` is its page module once
 * loaded (app/route-module.ts RouteHandle and PageModule are such).
 */
type PageHandle = {
  page?: () => { useTranslations?: () => Translations; cache?: false | { params: string[] } } | undefined
}

const PageRoutes = createContext<RouteObject[]>([])

/** Gives the frame (header, footer) and the page's metadata the route table the page was matched in. */
export function PageRoutesProvider({ routes, children }: { routes: RouteObject[]; children: ReactNode }) {
  return <PageRoutes.Provider value={routes}>{children}</PageRoutes.Provider>
}

const everyLanguage = (): Translations => ({})

/**
 * The current page's route id, its `useTranslations` (its page module's, else: every language, same path) and
 * the query parameters it renders from (its `cache`).
 */
function useCurrentPage() {
  const routes = useContext(PageRoutes)
  const { pathname } = useLocation()
  const leaf = matchRoutes(routes, pathname)?.at(-1)
  const page = (leaf?.route.handle as PageHandle | undefined)?.page?.()
  return {
    id: leaf?.route.id ?? '',
    useTranslations: page?.useTranslations ?? everyLanguage,
    params: page?.cache === false ? ('all' as const) : (page?.cache?.params ?? []),
  }
}

/**
 * The query parameters the current page renders from: the ones its address in another language keeps. `all`:
 * a page rendered for each request (`cache: false`, the unsubscribe page's token) renders from every one.
 */
export const usePageParams = (): string[] | 'all' => useCurrentPage().params

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
