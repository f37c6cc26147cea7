import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { RouteParams } from './match-routes'
import type { RouterLocation, To } from './path'

export type NavigateOptions = {
  replace?: boolean
  state?: unknown
  /** Accepted for React Router's call sites; this router never resets the scroll itself (RootLayout does). */
  preventScrollReset?: boolean
}
export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void

export type RouterValue = { location: RouterLocation; navigate: NavigateFunction }

export const RouterContext = createContext<RouterValue | null>(null)

/** The rendered route's params and the child route to draw at its `<Outlet />`. */
export const RouteContext = createContext<{ params: RouteParams; outlet: ReactNode }>({
  params: {},
  outlet: null,
})

function useRouter(): RouterValue {
  const router = useContext(RouterContext)
  if (!router) throw new Error('A router hook was used outside <BrowserRouter> or <StaticRouter>')
  return router
}

export const useLocation = (): RouterLocation => useRouter().location

export const useNavigate = (): NavigateFunction => useRouter().navigate

export const useParams = (): RouteParams => useContext(RouteContext).params

/** The current query string, read-only (no page writes it through this hook). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation()
  return useMemo(() => [new URLSearchParams(search)], [search])
}
