// Scroll and focus are not: the page scrolls itself (a `?media=` or `#section` link) and a dialog it opens moves
// focus; a person touches, clicks, turns a wheel or presses a key first.
const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const

/**
 * Runs `callback` once, at the visitor's first input. For code that only an interaction can need:
 * fetching it on load would count against the JavaScript a page loads before anyone touches it (issue 14,
 * ADR 130). Returns a function that cancels the wait.
 */
export function onFirstInteraction(
  callback: () => void,
  /** More events that count as the first interaction here (e.g. `pointermove` for hover-only help). */
  also: readonly string[] = [],
): () => void {
  const options = { capture: true, passive: true } as const
  const fire = () => {
    cancel()
    callback()
  }
  const cancel = () => {
    for (const type of [...INTERACTIONS, ...also]) window.removeEventListener(type, fire, options)
  }
  for (const type of [...INTERACTIONS, ...also]) window.addEventListener(type, fire, options)
  return cancel
}
