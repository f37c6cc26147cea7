/**
 * A browser store's value held at what the server rendered until hydration has committed (ADR 130).
 * React renders the readers of a store whose browser snapshot differs from the server's again at once,
 * synchronously, inside the task that runs the hydrated page's effects (one of the long tasks after the first
 * paint on `/`); held, the store changes in a task of its own instead, set up when a reader subscribes (in those
 * effects). `hydrate-app.tsx` holds before `hydrateRoot`; a page rendered without hydration holds nothing.
 */
export function createHydrationHold<T>(onRelease: () => void) {
  let held: { value: T } | null = null
  const release = () => {
    if (!held) return
    held = null
    onRelease()
  }
  return {
    hold(value: T): void {
      held = { value }
    },
    /** The held value while held, else null. */
    current(): { value: T } | null {
      return held
    },
    /** Called from the store's subscribe: while held, ends the hold in a task of its own. */
    releaseLater(): void {
      if (held) setTimeout(release)
    },
  }
}
