import { useMemo, type ReactNode } from 'react'
import { parsePath } from './path'
import { RouterContext, type RouterValue } from './router-context'

const cannotNavigate = () => {
  throw new Error('A server render cannot navigate')
}

/** The router for a server render (and tests): one fixed location, e.g. `/news?page=2`. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const value = useMemo<RouterValue>(
    () => ({ location: { ...parsePath(location), state: null, key: 'default' }, navigate: cannotNavigate }),
    [location],
  )
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}
