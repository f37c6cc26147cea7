/**
 * One page, one sound source (docs/fan-site-rules.md §4): the hero video or the gallery's media. Who holds the sound is state kept
 * here, not only a message (ADR 100): the gallery holds it from the moment a video or YouTube item opens, or
 * gallery media starts playing, until the overlay closes or the visitor unmutes the hero. The hero asks
 * `galleryHoldsSound()` before every play, so a hero whose lazy code, source or visibility observer arrives after
 * the item opened stays paused; subscribers hear each signal to pause at once. Module-level (one per page), so
 * the lazily loaded overlay and hero need no provider.
 */
export type MediaSignal =
  /** A video or YouTube item opened, or gallery media started playing: the gallery holds the sound. */
  | 'gallery-playing'
  /** The overlay closed: the hero may resume its muted loop if it is in view. */
  | 'gallery-closed'
  /** The visitor unmuted the hero: the hero holds the sound. */
  | 'hero-unmuted'

type Listener = (signal: MediaSignal) => void

const listeners = new Set<Listener>()
let galleryHolds = false

export const mediaCoordinator = {
  /** True while the gallery holds the page's sound: the hero must stay paused. */
  galleryHoldsSound(): boolean {
    return galleryHolds
  },
  notify(signal: MediaSignal): void {
    galleryHolds = signal === 'gallery-playing'
    for (const listener of [...listeners]) listener(signal)
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
}
