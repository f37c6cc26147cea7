/**
 * The seed's four shows, moved by whole days to stand around the bench's day as they stand around the day the
 * end-to-end tests pin (tests/e2e/support/servers.ts: one played, three ahead, the tour promo's still to come).
 * Both sizes get the same seed, so SMALL's tour (its home page, /shows, its calendar feed) is the seed's tour
 * rather than four shows more than a year past on the real clock, an empty feed compared with LARGE's year.
 */
const SEED_DAY = Date.parse('2025-10-01T12:00:00-07:00')
const DAY_MS = 24 * 60 * 60 * 1000
const SHIFTED = ['startsAt', 'originalStartsAt'] as const

/** The seed's export file (NDJSON) with its shows' dates moved so that `SEED_DAY` falls on `now`'s day. */
export function seedAroundNow(ndjson: string, now: Date): string {
  const shift = Math.round((now.getTime() - SEED_DAY) / DAY_MS) * DAY_MS
  return ndjson
    .trimEnd()
    .split('\n')
    .map((line) => {
      const doc = JSON.parse(line) as Record<string, unknown>
      if (doc._type !== 'event') return line
      for (const field of SHIFTED) {
        const at = typeof doc[field] === 'string' ? Date.parse(doc[field]) : Number.NaN
        if (!Number.isNaN(at)) doc[field] = new Date(at + shift).toISOString()
      }
      return JSON.stringify(doc)
    })
    .join('\n')
}
