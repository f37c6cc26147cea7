import type { followPublishes } from './live-updates'
import { onFirstInteraction } from './first-load/on-first-interaction'

/**
 * Open tabs follow publishes (ADR 140) from the visitor's first input, or 20 s after hydration for one who only
 * reads: never part of the JavaScript loaded before the first input (ADR 130), and no open stream while a page
 * loads (lab tools and tests wait for the network to go quiet).
 */
export function followPublishesLater(...args: Parameters<typeof followPublishes>): void {
  let started = false
  const start = () => {
    if (started) return
    started = true
    cancel()
    void import('./live-updates').then((live) => live.followPublishes(...args))
  }
  const cancel = onFirstInteraction(start)
  setTimeout(start, 20_000)
}
