import { useSyncExternalStore } from 'react'
import { createHydrationHold } from './hydration-hold'

const listeners = new Set<() => void>()
const hydrating = createHydrationHold<true>(() => listeners.forEach((l) => l()))

/** Called before hydration: `useHydrated` stays false until a task after the hydrated page's effects. */
export function holdHydration(): void {
  hydrating.hold(true)
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  hydrating.releaseLater()
  return () => {
    listeners.delete(listener)
  }
}

/**
 * False on the server and during hydration, true once the browser has taken over. Lets browser-only UI
 * render after hydration without a mismatch (React re-renders with the client snapshot right after).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrating.current() === null,
    () => false,
  )
}
