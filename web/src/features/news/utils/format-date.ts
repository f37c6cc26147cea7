/**
 * Dates show in the band's home time zone, not the reader's, so the server and the browser render the
 * same text (no hydration mismatch) and a post dated "August 15" says so everywhere.
 */
const BAND_TIME_ZONE = 'America/Los_Angeles'

// Created at the first date, not when the news chunk loads: in the browser that is during hydration, once ICU's
// data is loaded (hydrate-app.tsx), where the chunk may load before.
let longDate: Intl.DateTimeFormat | null = null

export function formatPostDate(iso: string): string {
  longDate ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: BAND_TIME_ZONE })
  return longDate.format(new Date(iso))
}
