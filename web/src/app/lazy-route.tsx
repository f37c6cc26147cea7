import { lazy, type ComponentType } from 'react'
import type { RouteHandle } from './route-handle'

type Page = ComponentType<Record<string, never>>

/**
 * A route's page in a chunk of its own, so a page carries only its own route's code (ADR 130). `preload`
 * fetches it; once loaded it renders at once, without suspending. Hydration preloads the route the address
 * matches before it starts (hydrate-app.tsx), so the server's HTML is never swapped for a fallback; a
 * client-side navigation to a route not loaded yet suspends in its transition, and the previous page stays
 * until the chunk has arrived.
 */
export function lazyRoute(load: () => Promise<Page>, handle: RouteHandle = {}) {
  let loaded: Page | undefined
  let pending: Promise<Page> | undefined
  const preload = () => (pending ??= load().then((page) => (loaded = page)))
  const Lazy = lazy(() => preload().then((page) => ({ default: page })))
  function LazyRoute() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return { element: <LazyRoute />, handle: { ...handle, preload } satisfies RouteHandle }
}
