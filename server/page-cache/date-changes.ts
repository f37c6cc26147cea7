import type { ContentClient } from '../../web/src/lib/content-client'

const QUARTER_HOUR_MS = 15 * 60 * 1000
/** A local calendar day lasts at most this long (a day with a daylight saving change included). */
const LONGEST_DAY_MS = 26 * 60 * 60 * 1000
/** The shows' own default zone when one has none (show-rules.ts, event-rules.ts). */
const DEFAULT_TIME_ZONE = 'UTC'

/**
 * Every show that can still change what a page shows as time passes: one that has not started (a tour promo is
 * live until its show starts) or whose calendar day may not be over anywhere yet (ADR 031: past once its day in
 * its own zone is over). Drafts never match (the reader's published view).
 */
const showsAheadQuery = `*[_type == "event" && defined(startsAt) && startsAt > $since] | order(startsAt asc) {startsAt, timeZone}`

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar day of an instant in a zone, as the site's `localDateKey` (web/src/lib/time-zone.ts) names it. */
function localDay(instant: number, timeZone: string): string {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format.format(instant)
}

type ShowAhead = { startsAt: string | null; timeZone: string | null }

/** The first instant at which `startsAt`'s calendar day in `timeZone` is over. */
export function localDayEnd(startsAt: number, timeZone: string): number {
  const day = localDay(startsAt, timeZone)
  // Every zone's midnight falls on a quarter hour of UTC.
  let at = (Math.floor(startsAt / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS
  while (localDay(at, timeZone) === day && at - startsAt < LONGEST_DAY_MS) at += QUARTER_HOUR_MS
  return at
}

/** A zone the platform knows, else the default (an unknown one would throw, and pages use the default too). */
function knownZone(timeZone: string | null): string {
  if (!timeZone) return DEFAULT_TIME_ZONE
  try {
    new Intl.DateTimeFormat('en-US', { timeZone })
    return timeZone
  } catch {
    return DEFAULT_TIME_ZONE
  }
}

/**
 * The next instant (site clock, ms) after `now` at which a page may show something else with no content change:
 * a show starts (its promo ends) or a show's day ends (it becomes past). Infinity when no show is ahead.
 */
export async function nextDateChange(reader: ContentClient, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LONGEST_DAY_MS).toISOString()
  const shows = await reader.fetch<ShowAhead[]>(showsAheadQuery, { since })
  const at = now.getTime()
  let next = Number.POSITIVE_INFINITY
  for (const show of shows ?? []) {
    const startsAt = Date.parse(show.startsAt ?? '')
    if (Number.isNaN(startsAt)) continue
    // Sorted by start: no later show can end a day sooner than one that already did.
    if (startsAt >= next) break
    if (startsAt > at) next = Math.min(next, startsAt)
    const dayEnd = localDayEnd(startsAt, knownZone(show.timeZone))
    if (dayEnd > at) next = Math.min(next, dayEnd)
  }
  return next
}
