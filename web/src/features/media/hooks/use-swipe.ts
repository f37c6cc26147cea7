import { useRef, type PointerEvent, type TouchEvent } from 'react'
import { classifySwipe } from '../utils/gallery-rules'

type SwipeStart = { x: number; y: number; t: number }

/** Handlers that turn a horizontal swipe or drag into previous/next (rules in `classifySwipe`). */
export function useSwipe(onPrevious: () => void, onNext: () => void) {
  const swipe = useRef<SwipeStart | null>(null)

  const startSwipe = (x: number, y: number) => {
    swipe.current = { x, y, t: performance.now() }
  }
  const endSwipe = (x: number, y: number) => {
    const start = swipe.current
    swipe.current = null
    if (!start) return
    const direction = classifySwipe({ dx: x - start.x, dy: y - start.y, dt: performance.now() - start.t })
    if (direction === 'next') onNext()
    else if (direction === 'previous') onPrevious()
  }
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.changedTouches[0]
    if (touch) startSwipe(touch.clientX, touch.clientY)
  }
  const onTouchEnd = (event: TouchEvent) => {
    const touch = event.changedTouches[0]
    if (touch) endSwipe(touch.clientX, touch.clientY)
  }
  // Touch input is handled by the touch events above; pointer events add mouse and pen drags.
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' && event.button === 0) startSwipe(event.clientX, event.clientY)
  }
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') endSwipe(event.clientX, event.clientY)
  }
  return { onTouchStart, onTouchEnd, onPointerDown, onPointerUp }
}
