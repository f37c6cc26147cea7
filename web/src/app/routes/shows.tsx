import { lazy, Suspense } from 'react'
import { RouteFallback } from '../../components/route-fallback'
// Here, not in the lazy page: server-rendered show pages must be styled before the page code arrives.
import '../../features/shows/components/shows.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

// Metadata, JSON-LD and page in one chunk (ADR 120): the entry bundle stays within its budget.
const ShowRouteContent = lazy(() =>
  import('./show-pages').then((module) => ({ default: module.ShowRouteContent })),
)
const UpcomingShowsRouteContent = lazy(() =>
  import('./show-pages').then((module) => ({ default: module.UpcomingShowsRouteContent })),
)
const PastShowsRouteContent = lazy(() =>
  import('./show-pages').then((module) => ({ default: module.PastShowsRouteContent })),
)

/** /shows/:slug, server-rendered complete; on client-side navigation "Loading show..." while the code loads. */
export function ShowRoute() {
  return (
    <Suspense fallback={<RouteFallback text="Loading show..." />}>
      <ShowRouteContent />
    </Suspense>
  )
}

/** /shows/past and /shows/past?page=n. */
export function PastShowsRoute() {
  return (
    <Suspense fallback={<RouteFallback text="Loading shows..." />}>
      <PastShowsRouteContent />
    </Suspense>
  )
}

/** /shows and /shows?page=n. */
export function UpcomingShowsRoute() {
  return (
    <Suspense fallback={<RouteFallback text="Loading shows..." />}>
      <UpcomingShowsRouteContent />
    </Suspense>
  )
}
