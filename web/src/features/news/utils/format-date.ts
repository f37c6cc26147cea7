/**
 * Dates show in the band's home time zone, not the reader's, so the server and the browser render the
 * same text (no hydration mismatch) and a post dated "August 15" says so everywhere.
 */
const BAND_TIME_ZONE = 'America/Los_Angeles'

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: BAND_TIME_ZONE })

export function formatPostDate(iso: string): string {
  return longDate.format(new Date(iso))
}
