/** docs/fan-site-rules.md §9: when arriving on the home page with a hash, wait this long before scrolling to the section. */
export const HASH_SCROLL_DELAY_MS = 100

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
}

/**
 * Scrolls smoothly to the element with this id and moves keyboard focus there (sections carry tabIndex=-1),
 * so screen reader and keyboard users land where sighted users see the page go. Returns false if absent.
 */
export function scrollToAnchor(id: string): boolean {
  const target = document.getElementById(id)
  if (!target) return false
  // The home page's sections below the hero wait to be rendered until they near the viewport (global.css); a
  // smooth scroll past one still estimated at its placeholder height ended 29 px short of the contact section
  // at 1280 px. Rendered first, every section between here and the target has its real height.
  target.closest('main')?.setAttribute('data-all-sections-rendered', '')
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  if (target.tabIndex >= -1 && target.hasAttribute('tabindex')) target.focus({ preventScroll: true })
  return true
}
