import type { Clock } from '../clock'
import type { Freshness } from './page-cache'

const QUARTER_HOUR_MS = 15 * 60 * 1000

/** The next quarter hour of the site clock: where any time zone can start a new day. */
export const nextQuarterHour = (now: number) => (Math.floor(now / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS

/**
 * How long a render stays true when no content changes (ADR 090):
 * - pages decide "past" shows by calendar days in each show's time zone (ADR 031) and end a tour promo when its
 *   show starts: a render is fresh until the next such instant on the site's clock (`dateChangeAt`, see
 *   date-changes.ts; `TEST_NOW` pins the clock, so pinned renders never age). Unknown (no reader, a failed
 *   read): the next quarter hour, where any zone's day can end;
 * - a post dated in the future appears at its time (GROQ `now()` on the content API's wall clock): a render is
 *   fresh until the next such instant (`scheduledAt`, wall-clock milliseconds);
 * - with a Sanity project, events can be missed while the listener reconnects: `maxAgeMs` bounds every render.
 */
export function freshnessFor({
  clock,
  dateChangeAt,
  scheduledAt = Number.POSITIVE_INFINITY,
  maxAgeMs = Number.POSITIVE_INFINITY,
  wallNow = Date.now,
}: {
  clock: Clock
  dateChangeAt?: number
  scheduledAt?: number
  maxAgeMs?: number
  wallNow?: () => number
}): Freshness {
  const renderedClock = clock.now().getTime()
  const clockUntil = dateChangeAt ?? nextQuarterHour(renderedClock)
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
      const load = () =>
        read().catch((err: unknown) => {
          onError(err)
          return Number.POSITIVE_INFINITY
        })
      let at = await (next ??= load())
      // Passed: the next one, so that a render made now is not already out of date.
      if (at <= Date.now()) at = await (next = load())
      return at
    },
    reset() {
      next = undefined
    },
  }
}

/**
 * The next instant (site clock) pages may change by the date alone (date-changes.ts), read once per content
 * generation (`reset` on a change) and again once the site clock has passed it. Without a reader, or when the
 * read fails (logged), undefined: pages then age at every quarter hour.
 */
export function dateChangeMemo(
  read: ((now: Date) => Promise<number>) | undefined,
  clock: Clock,
  onError: (err: unknown) => void,
) {
  let next: Promise<number | undefined> | undefined
  const load = () =>
    read!(clock.now()).catch((err: unknown) => {
      onError(err)
      return undefined
    })
  return {
    async get(): Promise<number | undefined> {
      if (!read) return undefined
      let at = await (next ??= load())
      if (at !== undefined && at <= clock.now().getTime()) at = await (next = load())
      if (at === undefined) next = undefined
      return at
    },
    reset() {
      next = undefined
    },
  }
}
