/**
 * Locks the page's scroll behind an open modal: `overflow: hidden` on the body, and the scrollbar's width as
 * padding so the page behind does not move sideways. Returns the undo, which puts back the body's own inline
 * values.
 */
export function lockPageScroll(): () => void {
  const { body, documentElement } = document
  const gap = Math.max(0, window.innerWidth - documentElement.clientWidth)
  const previous = {
    overflow: body.style.overflow,
    overscrollBehavior: body.style.overscrollBehavior,
    paddingRight: body.style.paddingRight,
  }
  if (gap > 0) {
    const padding = parseFloat(getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${padding + gap}px`
  }
  body.style.overflow = 'hidden'
  body.style.overscrollBehavior = 'contain'
  return () => {
    body.style.overflow = previous.overflow
    body.style.overscrollBehavior = previous.overscrollBehavior
    body.style.paddingRight = previous.paddingRight
  }
}
