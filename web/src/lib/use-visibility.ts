import { useEffect, useRef, type RefObject } from 'react'

/** docs/fan-site-rules.md §9: the hero video counts as visible at 10% with a 50 px margin. */
export const VISIBILITY_THRESHOLD = 0.1
export const VISIBILITY_ROOT_MARGIN = '50px'

/** True once the ratio reaches the threshold (a hair of tolerance for rounding in the observer). */
export function isVisibleEntry(
  entry: Pick<IntersectionObserverEntry, 'isIntersecting' | 'intersectionRatio'>,
) {
  return entry.isIntersecting && entry.intersectionRatio >= VISIBILITY_THRESHOLD - 0.001
}

/** Calls `onChange(visible)` whenever the element crosses 10% visibility (50 px margin). */
export function useVisibility<T extends Element>(
  ref: RefObject<T | null>,
  onChange: (visible: boolean) => void,
): void {
  const callback = useRef(onChange)
  useEffect(() => {
    callback.current = onChange
  })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (typeof IntersectionObserver === 'undefined') {
      callback.current(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]
        if (entry) callback.current(isVisibleEntry(entry))
      },
      { threshold: [0, VISIBILITY_THRESHOLD], rootMargin: VISIBILITY_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
}
