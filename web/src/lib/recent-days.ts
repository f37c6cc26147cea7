/**
 * The days around "now" in which a show's being past depends on its time zone (ADR 031: past once its own
 * calendar day is over). A show before `recentFrom` is past in every zone, one from `recentTo` on is upcoming in
 * every zone: only the shows between are read one by one, so a query can slice the rest by date. Whole UTC days,
 * so the query's parameters (and its cached answer) change once a day, not with every render's clock.
 */
const DAY_MS = 24 * 60 * 60 * 1000

/** Two days: more than any zone's offset span (UTC-12 to UTC+14) plus a daylight-saving hour. */
const MARGIN_DAYS = 2

export function recentDays(now: Date): { recentFrom: string; recentTo: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return {
    recentFrom: new Date(today - MARGIN_DAYS * DAY_MS).toISOString(),
    recentTo: new Date(today + MARGIN_DAYS * DAY_MS).toISOString(),
  }
}
