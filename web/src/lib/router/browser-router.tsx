import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react'
import { resolveTo, type RouterLocation } from './path'
import { RouterContext, type NavigateFunction, type RouterValue } from './router-context'

/** What this router keeps in `history.state` (the same fields as React Router's, so older entries still read). */
type HistoryState = { usr?: unknown; key?: string } | null

function readLocation(): RouterLocation {
  const { pathname, search, hash } = window.location
  const entry = window.history.state as HistoryState
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }
}

const newKey = () => Math.random().toString(36).slice(2, 10)

/**
 * The router for the browser: the address bar is the source, read again on every push, replace and
 * Back/Forward. Every location update renders in a transition (as React Router's BrowserRouter does): a page
 * whose code or data is still loading leaves the previous page on screen instead of a Suspense fallback.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation)

  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(readLocation()))
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [])

  const navigate = useMemo<NavigateFunction>(
    () =>
      (to, options = {}) => {
        if (typeof to === 'number') {
          window.history.go(to)
          return
        }
        const url = new URL(resolveTo(to, window.location), window.location.href)
        const entry: HistoryState = { usr: options.state ?? null, key: newKey() }
        const path = url.pathname + url.search + url.hash
        if (options.replace) window.history.replaceState(entry, '', path)
        else window.history.pushState(entry, '', path)
        startTransition(() => setLocation(readLocation()))
      },
    [],
  )

  const value = useMemo<RouterValue>(() => ({ location, navigate }), [location, navigate])
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>
}
