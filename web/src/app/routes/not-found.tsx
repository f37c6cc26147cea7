import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { PageSeo } from '../page-seo'

/**
 * Unknown routes: the server answers with HTTP 404 (see the route's `handle.status`). Routes that find no
 * content (an unknown news post) render it from their error element, with their own `hint`.
 */
export function NotFoundPage({ hint }: { hint?: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <main id="main" className="page not-found">
      <PageSeo
        title="404 Page Not Found"
        description="This page does not exist. Head back to the home page for tour dates, videos and more."
        noindex
      />
      <h1>404 Page Not Found</h1>
      <p className="not-found__hint">
        {hint ?? (
          <>
            No route matches <code>{pathname}</code>. Did you forget to add the page to the router in{' '}
            <code>web/src/app/routes.tsx</code>?
          </>
        )}
      </p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  )
}
