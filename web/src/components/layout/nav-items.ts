import type { Messages } from '../../lib/i18n/messages'

/** A navigation item's name in the catalogue (`nav.items`): its label is the page's language's. */
export type NavKey = keyof Messages['nav']['items']

/** The site navigation of docs/fan-site-rules.md §2: five home-page anchors and the news page. Header and footer share it. */
export type NavItem = { key: NavKey; anchor: string } | { key: NavKey; to: string }

export const NAV_ITEMS: NavItem[] = [
  { key: 'home', anchor: 'home' },
  { key: 'events', anchor: 'events' },
  { key: 'media', anchor: 'media' },
  { key: 'about', anchor: 'about' },
  { key: 'contact', anchor: 'contact' },
  { key: 'news', to: '/news' },
]
