import { useEffect, useState } from 'react'
import { onFirstInteraction } from './on-first-interaction'
import { useHydrated } from './use-hydrated'

/**
 * When a deferred module loads, once the page has hydrated: `now`; at the visitor's `first-input` (a touch, a
 * click, a wheel turn or a key); or `first-hover-or-input`, for hover-only help such as tooltips: also when the
 * pointer first moves, on a device whose pointer can hover (nothing can be hovered before it moves).
 */
export type LoadWhen = 'now' | 'first-input' | 'first-hover-or-input'

const modules = new Map<() => Promise<unknown>, unknown>()

const canHover = () => window.matchMedia?.('(hover: hover)').matches ?? true

/**
 * The one way browser code is deferred past the first load. The rules of the first load (ADR 130), each kept by
 * the code named:
 *
 * 1. The page's HTML paints before any script runs: the entry fetches the app once the hero poster has painted
 *    (`afterFirstPaint`, entry-client.tsx), and hydration runs in a transition, in slices (hydrate-app.tsx).
 * 2. Each page loads at most its budget of JavaScript before the first input, never more than the ceiling
 *    (tests/e2e/first-load-budget.spec.ts fails with the figure). Code that only an input can need (a dialog, the
 *    toast viewport, tooltips, the about text's renderer) loads through this hook, and renders a plain stand-in
 *    (or nothing) until it has loaded: it must be an enhancement, never the only way to a content or a control.
 *    Code that renders only once a condition holds (a route's page, the tour promo on a wide screen, the gallery
 *    overlay) is a `lazy` component behind that condition.
 * 3. Hydration draws exactly the server's HTML. Browser-only UI waits for `useHydrated()` (this hook does), and a
 *    browser store whose value differs from the server's is held until hydration has committed
 *    (`createHydrationHold`; `hydrate-app.tsx` holds the clock and `useHydrated`).
 * 4. Code only the server runs (loaders, JSON-LD builders, the about text's first render) sits behind
 *    `import.meta.env.SSR`, a build-time constant, so the browser bundle carries none of it.
 *
 * `load` must be a module-level function (its result is kept per function, so a later mount renders the module
 * at once). Returns the module once loaded, else null; a failed load leaves it null.
 */
export function useDeferredModule<M>(load: () => Promise<M>, when: LoadWhen): M | null {
  const hydrated = useHydrated()
  const [module, setModule] = useState<M | null>(() => (modules.get(load) as M | undefined) ?? null)
  useEffect(() => {
    if (!hydrated || module) return
    let live = true
    const start = () => {
      load().then(
        (loaded) => {
          modules.set(load, loaded)
          if (live) setModule(loaded)
        },
        () => {}, // An enhancement that failed to load leaves its stand-in in place.
      )
    }
    const hover = when === 'first-hover-or-input' && canHover() ? ['pointermove'] : []
    const cancel = when === 'now' ? (start(), () => {}) : onFirstInteraction(start, hover)
    return () => {
      live = false
      cancel()
    }
  }, [hydrated, module, load, when])
  return hydrated ? module : null
}
