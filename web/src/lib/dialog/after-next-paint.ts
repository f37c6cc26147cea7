import { useEffect, useState } from 'react'

/** A tab in the background gets no animation frames: past this, the callback runs without one. */
const NO_FRAME_FALLBACK_MS = 100

/**
 * Runs `callback` in a task of its own after the next frame has been painted (or after 100 ms without frames);
 * returns a cancel function. Work moved here is no longer part of the task that committed and showed the
 * dialog, which is what Total Blocking Time counts as one long task (ADR 130).
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const run = () => {
    if (done) return
    done = true
    clearTimeout(fallback)
    callback()
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  const fallback = setTimeout(run, NO_FRAME_FALLBACK_MS)
  return () => {
    done = true
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    clearTimeout(fallback)
  }
}

/** False until the component's first frame has been painted (see `afterNextPaint`), then true. */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterNextPaint(() => setPainted(true)), [])
  return painted
}
