import { useEffect, useRef } from 'react'
import { Outlet, useLocation } from 'react-router'

/**
 * Wraps every route (the admin panel included): a client-side navigation to another page starts at its top (hash
 * links scroll themselves, see the home page).
 */
export function RootLayout() {
  const { pathname, hash } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (!hash) window.scrollTo(0, 0)
    // Only a change of page resets the scroll position, not a hash or query change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
  return <Outlet />
}
