/**
 * The gallery's pure rules (docs/fan-site-rules.md §2 Gallery overlay, §4 Gallery, §9 constants), kept apart from React so they
 * are unit-tested on their own.
 */

import type { Messages } from '../../../lib/i18n/messages'
import { photoCreditLine } from '../../../lib/photo-credit'

/** docs/fan-site-rules.md §9. */
export const SWIPE_MIN_DISTANCE_PX = 30
export const SWIPE_MIN_SPEED_PX_PER_MS = 0.3
/**
 * A fast flick counts even when short, but a tap that wobbles a few pixels must not: the speed rule needs at
 * least this much travel (our choice; docs/fan-site-rules.md §9 gives no minimum).
 */
export const SWIPE_SPEED_MIN_TRAVEL_PX = 10
export const OVERLAY_OPEN_FADE_DELAY_MS = 10
export const OVERLAY_CLOSE_DELAY_MS = 300
export const MEDIA_DEEP_LINK_DELAY_MS = 100
/** `?media={slug}` reflects the open item. */
export const MEDIA_PARAM = 'media'

export type SwipeDirection = 'next' | 'previous'

/**
 * A horizontal swipe of at least 30 px, or at least 0.3 px/ms: to the left goes to the next item, to the right to
 * the previous one. Mostly vertical movements (scrolling) are not swipes.
 */
export function classifySwipe({ dx, dy, dt }: { dx: number; dy: number; dt: number }): SwipeDirection | null {
  const distance = Math.abs(dx)
  if (distance === 0 || distance <= Math.abs(dy)) return null
  const speed = distance / Math.max(dt, 1)
  const far = distance >= SWIPE_MIN_DISTANCE_PX
  const fast = speed >= SWIPE_MIN_SPEED_PX_PER_MS && distance >= SWIPE_SPEED_MIN_TRAVEL_PX
  if (!far && !fast) return null
  return dx < 0 ? 'next' : 'previous'
}

/** Previous and next wrap around at both ends. */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0) return 0
  return ((index % total) + total) % total
}

export type CaptionSource = {
  kind?: string | null
  caption?: string | null
  alt?: string | null
  credit?: string | null
}

/** The page's words for captions and credits: the catalogue's `media` group (lib/i18n/messages). */
export type CaptionWords = Pick<Messages['media'], 'fallbackCaption' | 'credit'>

/**
 * The caption shown under an item (and naming the dialog): the editor's caption, else the fallback of
 * docs/fan-site-rules.md §10, "{bandName} {kind} {n} of {total}" in English.
 */
export function mediaCaption(
  item: CaptionSource,
  bandName: string,
  index: number,
  total: number,
  words: CaptionWords,
): string {
  return item.caption?.trim() || words.fallbackCaption(bandName, item.kind, index + 1, total)
}

/** The credit line, unless the caption already names the photographer or videographer. */
export function creditLine(item: CaptionSource, words: CaptionWords): string | null {
  const credit = item.credit?.trim()
  if (!credit || item.caption?.includes(credit)) return null
  return photoCreditLine(credit, item.kind === 'image' ? words.credit.photo : words.credit.video)
}

/** The text alternative of the item's picture: its alt text, else its caption, else the fallback. */
export function mediaAlt(
  item: CaptionSource,
  bandName: string,
  index: number,
  total: number,
  words: CaptionWords,
): string {
  return item.alt?.trim() || mediaCaption(item, bandName, index, total, words)
}

/** The slug in `?media=`, or null. */
export function readMediaParam(search: string): string | null {
  const value = new URLSearchParams(search).get(MEDIA_PARAM)
  return value ? value : null
}

/** The search string with `?media=` set to `slug`, or removed for null; other parameters are kept. */
export function withMediaParam(search: string, slug: string | null): string {
  const params = new URLSearchParams(search)
  if (slug) params.set(MEDIA_PARAM, slug)
  else params.delete(MEDIA_PARAM)
  const next = params.toString()
  return next ? `?${next}` : ''
}

export type MediaParamAction =
  { type: 'none' } | { type: 'open'; index: number } | { type: 'close' } | { type: 'unknown'; slug: string }

/**
 * What a change of `?media=` means for the overlay (deep links, back and forward): open the named item, close, or
 * nothing when the URL already shows what is open. An unknown slug is reported so the caller can warn.
 */
export function mediaParamAction(
  slug: string | null,
  openSlug: string | null,
  slugs: readonly (string | null | undefined)[],
): MediaParamAction {
  if (slug === openSlug) return { type: 'none' }
  if (slug === null) return { type: 'close' }
  const index = slugs.indexOf(slug)
  return index < 0 ? { type: 'unknown', slug } : { type: 'open', index }
}

/** YouTube's privacy-enhanced player, autoplaying (docs/fan-site-rules.md §2). */
export function youtubeEmbedUrl(id: string, { autoplay = true }: { autoplay?: boolean } = {}): string {
  const params = new URLSearchParams({ rel: '0', playsinline: '1', modestbranding: '1' })
  if (autoplay) params.set('autoplay', '1')
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(id)}?${params}`
}

/**
 * The video service's own thumbnail, for metadata read by crawlers (`og:image`, JSON-LD); pages show the copy the
 * site serves itself (`youtubeThumbnailPath`).
 */
export function youtubeThumbnailUrl(id: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(id)}/hqdefault.jpg`
}
