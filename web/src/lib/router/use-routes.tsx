import { useContext, useMemo, type ReactNode } from 'react'
import type { RouteObject } from 'react-router'
import { matchRoutes } from './match-routes'
import { RouteContext, useLocation } from './router-context'

/** Where a layout route draws the matched child route. */
export function Outlet() {
  return useContext(RouteContext).outlet
}

/** The elements of the routes the current pathname matches, each drawn at its parent's `<Outlet />`. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation()
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname])
  if (!matches) return null
  return matches.reduceRight<ReactNode>(
    (outlet, { route, params }) => (
      <RouteContext.Provider value={{ params, outlet }}>{route.element ?? <Outlet />}</RouteContext.Provider>
    ),
    null,
  )
}
