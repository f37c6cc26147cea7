/**
 * Times for the Studio's schedule dialogs (releases and scheduled drafts): the date field shows and takes them in
 * the band's time zone, to the minute.
 */

/** The band's time zone (Ventura, CA): the Studio shows and takes release times in it. */
export const TIME_ZONE = 'America/Los_Angeles'

/**
 * How soon the schedule may be: the Studio takes whole minutes, and the time must still be ahead when the dialog
 * sends it (a few seconds after `nextMinute()`, more on a loaded machine). Every second of it is a second the test
 * waits for the time to come.
 */
const MIN_LEAD_MS = 30_000

/** The time as the Studio's date field shows it in the band's zone: "Nov 28, 2026 14:05". */
export function studioDateTime(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.month} ${parts.day}, ${parts.year} ${parts.hour}:${parts.minute}`
}

/** The first whole minute at least MIN_LEAD_MS from now. */
export function nextMinute(): Date {
  const at = new Date(Date.now() + MIN_LEAD_MS)
  at.setUTCSeconds(0, 0)
  return new Date(at.getTime() + 60_000)
}
