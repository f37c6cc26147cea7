/**
 * One page, one sound source: the hero video and the gallery's media tell each other when they start, so the
 * hero is muted and paused while gallery media plays (spec §4), and unmuting the hero pauses gallery videos.
 * Module-level (one per page), so the lazily loaded overlay needs no provider.
 */
export type MediaSignal =
  /** A video or YouTube item opened, or gallery media started playing. */
  | 'gallery-playing'
  /** The overlay closed: the hero may resume its muted loop if it is in view. */
  | 'gallery-closed'
  /** The visitor unmuted the hero. */
  | 'hero-unmuted'

type Listener = (signal: MediaSignal) => void

const listeners = new Set<Listener>()

export const mediaCoordinator = {
  notify(signal: MediaSignal): void {
    for (const listener of [...listeners]) listener(signal)
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
