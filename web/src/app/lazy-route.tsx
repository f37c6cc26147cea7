import { lazy, type ComponentType } from 'react'
import type { PageModule } from './route-module'
import type { RouteHandle } from './route-handle'

/**
 * A route's page module in a chunk of its own, loaded once, so a page carries only its own route's code and
 * stylesheets (ADR 130). `preload` fetches it; once loaded it renders at once, without suspending. Hydration
 * preloads the route the address matches before it starts (hydrate-app.tsx), so the server's HTML is never
 * swapped for a fallback; a client-side navigation to a route not loaded yet suspends in its transition, and
 * the previous page stays until the chunk has arrived.
 */
export function lazyRoute(load: () => Promise<PageModule>) {
  let loaded: ComponentType | undefined
  let pending: Promise<ComponentType> | undefined
  const preload = () => (pending ??= load().then((module) => (loaded = module.Page)))
  const Lazy = lazy(() => preload().then((Page) => ({ default: Page })))
  function LazyRoute() {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Lazy />
  }
  return { element: <LazyRoute />, handle: { preload } satisfies RouteHandle }
}
