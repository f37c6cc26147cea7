import type { Clock } from '../clock'
import type { Freshness } from './page-cache'

const QUARTER_HOUR_MS = 15 * 60 * 1000

/**
 * How long a render stays true when no content changes (ADR 090):
 * - pages decide "past" shows by calendar days in each show's time zone (ADR 031), and every zone's midnight
 *   falls on a quarter hour of UTC: a render is fresh until the next quarter hour on the site's clock (which
 *   `TEST_NOW` pins, so pinned renders never age);
 * - a post dated in the future appears at its time (GROQ `now()` on the content API's wall clock): a render is
 *   fresh until the next such instant (`scheduledAt`, wall-clock milliseconds);
 * - with a Sanity project, events can be missed while the listener reconnects: `maxAgeMs` bounds every render.
 */
export function freshnessFor({
  clock,
  scheduledAt = Number.POSITIVE_INFINITY,
  maxAgeMs = Number.POSITIVE_INFINITY,
  wallNow = Date.now,
}: {
  clock: Clock
  scheduledAt?: number
  maxAgeMs?: number
  wallNow?: () => number
}): Freshness {
  const renderedClock = clock.now().getTime()
  const clockUntil = (Math.floor(renderedClock / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS
  const wallUntil = Math.min(scheduledAt, wallNow() + maxAgeMs)
  return { isFresh: () => clock.now().getTime() < clockUntil && wallNow() < wallUntil }
}

/**
 * The next instant a scheduled document becomes public, read once per content generation (`reset` on a change)
 * and again once it has passed. A failed read is logged and leaves pages to age by the clock only.
 */
export function scheduleMemo(read: (() => Promise<number>) | undefined, onError: (err: unknown) => void) {
  let next: Promise<number> | undefined
  return {
    async get(): Promise<number> {
      if (!read) return Number.POSITIVE_INFINITY
      next ??= read().catch((err: unknown) => {
        onError(err)
        return Number.POSITIVE_INFINITY
      })
      const at = await next
      if (at <= Date.now()) next = undefined
      return at
    },
    reset() {
      next = undefined
    },
  }
}
