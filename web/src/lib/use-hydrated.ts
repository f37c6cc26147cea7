import { useSyncExternalStore } from 'react'

/** True while the browser hydrates the server's HTML (holdHydration), until a task after its effects. */
let held = false
const listeners = new Set<() => void>()

/**
 * Called before hydration. React renders the readers of a store whose snapshot differs from the server's again
 * at once, synchronously, inside the task that runs the hydrated page's effects; held, the flip to true comes in
 * a task of its own instead, the first time a reader subscribes, so that task stays short (ADR 130).
 */
export function holdHydration(): void {
  held = true
}

function release() {
  if (!held) return
  held = false
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (held) setTimeout(release)
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
    () => !held,
    () => false,
  )
}
