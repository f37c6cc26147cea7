import type { MessagePart } from '../lib/i18n/messages'
import type { PageModule } from './route-module'

/**
 * One line of the route table: the route id names its modules, routes/<id>.tsx and routes/<id>.server.ts;
 * `messages`, the parts of the interface catalogue its page shows beside the frame's (lib/i18n/messages.tsx),
 * loaded with its module in the page's language.
 */
export type RouteEntry = {
  id: string
  path?: string
  messages?: MessagePart[]
  load: () => Promise<PageModule>
}

/**
 * The site's pages, inside its frame (site-layout.tsx), in matching order; a path-less line is the home page.
 * Adding a page: its module and one line here (docs/guides/adding-a-page.md). The tests that measure and
 * validate every page read this table (tests/e2e/support/site-addresses.ts).
 */
export const SITE_PAGES: RouteEntry[] = [
  { id: 'home', messages: ['home', 'events', 'calendar', 'media'], load: () => import('./routes/home') },
  { id: 'news', path: 'news', messages: ['news', 'notFound'], load: () => import('./routes/news') },
  {
    id: 'news-post',
    path: 'news/:slug',
    messages: ['news', 'media', 'notFound'],
    load: () => import('./routes/news-post'),
  },
  {
    id: 'shows',
    path: 'shows',
    messages: ['shows', 'calendar', 'notFound'],
    load: () => import('./routes/shows'),
  },
  {
    id: 'shows-past',
    path: 'shows/past',
    messages: ['shows', 'calendar', 'notFound'],
    load: () => import('./routes/shows-past'),
  },
  {
    id: 'show',
    path: 'shows/:slug',
    messages: ['shows', 'calendar', 'notFound'],
    load: () => import('./routes/show'),
  },
  {
    id: 'newsletter-confirmed',
    path: 'newsletter/confirmed',
    messages: ['newsletterPages'],
    load: () => import('./routes/newsletter-confirmed'),
  },
  {
    id: 'newsletter-unsubscribe',
    path: 'newsletter/unsubscribe',
    messages: ['newsletterPages'],
    load: () => import('./routes/newsletter-unsubscribe'),
  },
  {
    id: 'newsletter-unsubscribed',
    path: 'newsletter/unsubscribed',
    messages: ['newsletterPages'],
    load: () => import('./routes/newsletter-unsubscribed'),
  },
  { id: 'not-found', path: '*', messages: ['notFound'], load: () => import('./routes/not-found') },
]

/** Pages outside the site's frame: the browser-only Studio (plain HTTP is redirected to HTTPS before it). */
export const FRAMELESS_PAGES: RouteEntry[] = [
  { id: 'admin', path: '/admin/*', load: () => import('./routes/admin') },
]
