import { onFirstInteraction } from './on-first-interaction'

/** A tab opened in the background gets no animation frames: past this, the callback runs without one. */
const NO_FRAME_FALLBACK_MS = 250
/** An image that neither loads nor fails (a stalled connection) holds the page's script no longer than this. */
const IMAGE_WAIT_LIMIT_MS = 3000

/**
 * Runs `callback` once, in a task after the browser has painted the server HTML with its high-priority images
 * (the hero poster, the page's LCP element): each `img[fetchpriority="high"]` has loaded (or failed) and decoded,
 * then two animation frames have passed. Code loaded from here neither takes bandwidth from that image nor holds
 * its paint (ADR 130). A visitor's first input runs it at once, so a click made sooner starts the work it needs.
 */
export function afterFirstPaint(callback: () => void, doc: Document = document): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    cancelInput()
    callback()
  }
  const cancelInput = onFirstInteraction(run)
  const images = [...doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')]
  let waiting = true
  const painted = () => {
    if (!waiting) return
    waiting = false
    // The second frame: the first one's paint has been presented by then (the LCP time is its presentation).
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)))
    setTimeout(run, NO_FRAME_FALLBACK_MS)
  }
  // decode() settles once the image has loaded and decoded; a failed image rejects, and the page goes on.
  void Promise.allSettled(images.map((image) => image.decode())).then(painted)
  setTimeout(painted, IMAGE_WAIT_LIMIT_MS)
}
