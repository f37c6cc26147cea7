/** The site navigation of docs/fan-site-rules.md §2: five home-page anchors and the news page. Header and footer share it. */
export type NavItem = { label: string; anchor: string } | { label: string; to: string }

export const NAV_ITEMS: NavItem[] = [
  { label: 'Home', anchor: 'home' },
  { label: 'Events', anchor: 'events' },
  { label: 'Media', anchor: 'media' },
  { label: 'About', anchor: 'about' },
  { label: 'Contact', anchor: 'contact' },
  { label: 'News', to: '/news' },
]
