import { onFirstInteraction } from './first-load/on-first-interaction'

/** docs/fan-site-rules.md §9: when arriving on the home page with a hash, wait this long before scrolling to the section. */
export const HASH_SCROLL_DELAY_MS = 100

/** How long a scroll keeps aiming at its section while the page is still changing size around it. */
const REAIM_WINDOW_MS = 2000

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
  const page = target.closest('main')
  // The home page's sections below the hero wait to be rendered until they near the viewport (global.css); a
  // smooth scroll past one still estimated at its placeholder height ended 29 px short of the contact section
  // at 1280 px. Rendered first, every section between here and the target has its real height.
  page?.setAttribute('data-all-sections-rendered', '')
  const aim = () =>
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' })
  aim()
  if (page) keepAiming(page, aim)
  if (target.tabIndex >= -1 && target.hasAttribute('tabindex')) target.focus({ preventScroll: true })
  return true
}

/**
 * A page that a client-side navigation has just mounted can still grow once the scroll has begun: the about
 * text's renderer arrives after it (it is its own chunk), and a smooth scroll keeps the end it computed at its
 * start, so it ended 166 px short of the contact section on a slow machine. While `<main>` changes size, aim
 * again, for REAIM_WINDOW_MS or until the visitor scrolls, touches or types: never against them.
 */
function keepAiming(page: Element, aim: () => void) {
  let height = page.getBoundingClientRect().height
  const observer = new ResizeObserver(() => {
    const now = page.getBoundingClientRect().height
    if (now === height) return
    height = now
    aim()
  })
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
    cancelOnInput()
  }
  const timer = setTimeout(stop, REAIM_WINDOW_MS)
  const cancelOnInput = onFirstInteraction(stop)
  observer.observe(page)
}
