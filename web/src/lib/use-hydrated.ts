import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true once the browser has taken over. Lets browser-only UI
 * render after hydration without a mismatch (React re-renders with the client snapshot right after).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
