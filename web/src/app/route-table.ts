import type { PageModule } from './route-module'

/** One line of the route table: the route id names its modules, routes/<id>.tsx and routes/<id>.server.ts. */
export type RouteEntry = { id: string; path?: string; load: () => Promise<PageModule> }

/**
 * The site's pages, inside its frame (site-layout.tsx), in matching order; a path-less line is the home page.
 * Adding a page: its module and one line here (docs/guides/adding-a-page.md). The tests that measure and
 * validate every page read this table (tests/e2e/support/site-addresses.ts).
 */
export const SITE_PAGES: RouteEntry[] = [
  { id: 'home', load: () => import('./routes/home') },
  { id: 'news', path: 'news', load: () => import('./routes/news') },
  { id: 'news-post', path: 'news/:slug', load: () => import('./routes/news-post') },
  { id: 'shows', path: 'shows', load: () => import('./routes/shows') },
  { id: 'shows-past', path: 'shows/past', load: () => import('./routes/shows-past') },
  { id: 'show', path: 'shows/:slug', load: () => import('./routes/show') },
  {
    id: 'newsletter-confirmed',
    path: 'newsletter/confirmed',
    load: () => import('./routes/newsletter-confirmed'),
  },
  {
    id: 'newsletter-unsubscribe',
    path: 'newsletter/unsubscribe',
    load: () => import('./routes/newsletter-unsubscribe'),
  },
  {
    id: 'newsletter-unsubscribed',
    path: 'newsletter/unsubscribed',
    load: () => import('./routes/newsletter-unsubscribed'),
  },
  { id: 'not-found', path: '*', load: () => import('./routes/not-found') },
]

/** Pages outside the site's frame: the browser-only Studio (plain HTTP is redirected to HTTPS before it). */
export const FRAMELESS_PAGES: RouteEntry[] = [
  { id: 'admin', path: '/admin/*', load: () => import('./routes/admin') },
]
