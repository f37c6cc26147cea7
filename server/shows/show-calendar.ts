/**
 * Shows as calendar entries (ADR 120): the UID comes from the document id, which no edit changes; SEQUENCE is
 * the whole seconds between the document's creation and its last published change, so it grows with every
 * publish without reading the revision history (which the public API does not serve).
 */
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { ShowRecord } from '../../web/src/features/shows/shows-contract'
import { addressLabel, toShow, type Show } from '../../web/src/features/shows/shows-contract'
import { showName } from '../../web/src/features/shows/shows-contract'
import { clockLabel, longDate } from '../../web/src/lib/i18n/formatters-contract'
import type { Locale } from '../../web/src/lib/i18n/locale-contract'
import { CALENDAR_WORDS } from './calendar-words'
import type { CalendarEntry } from './icalendar'

/** How long a show blocks the calendar: concerts publish no end time, and a zero-length entry is easy to miss. */
export const SHOW_CALENDAR_LENGTH_MS = 2 * 60 * 60 * 1000

export type ShowCalendarContext = {
  bandName: string | null
  /** The site's host name, which makes the UID globally unique (RFC 5545 §3.8.4.7). */
  host: string
  /** Absolute URL of a path on the site. */
  absolute: (path: string) => string
  showPath: (slug: string) => string
  /** The feed's language: its words, its dates and the show's note (ADR 193). English when unset. */
  locale?: Locale
}

export function showSequence(show: Pick<Show, 'createdAt' | 'updatedAt'>): number {
  const seconds = Math.floor((Date.parse(show.updatedAt) - Date.parse(show.createdAt)) / 1000)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0
}

function calendarStatus(show: Show): CalendarEntry['status'] {
  if (show.status === 'cancelled') return 'CANCELLED'
  // Postponed with no new date yet: the date on file is the old one.
  if (show.status === 'postponed' && !show.rescheduled) return 'TENTATIVE'
  return 'CONFIRMED'
}

function summaryOf(show: Show, bandName: string | null, locale: Locale): string {
  const name = showName(show, bandName)
  if (show.status === 'cancelled') return CALENDAR_WORDS[locale].cancelled(name)
  if (show.status === 'postponed' && !show.rescheduled) return CALENDAR_WORDS[locale].postponed(name)
  return name
}

function descriptionOf(show: Show, pageUrl: string, locale: Locale): string {
  const words = CALENDAR_WORDS[locale]
  const date = (at: Date) => longDate(at, show.timeZone, locale)
  const clock = (at: Date) => clockLabel(at, show.timeZone, locale)
  const times = words.times(show.doors ? clock(show.doors.at) : null, clock(show.start.at))
  const lines = [
    `${date(show.start.at)}. ${times} (${show.timeZone}).`,
    show.previousStart ? words.postponedFrom(date(show.previousStart.at)) : null,
    show.status === 'soldOut' ? words.soldOut : null,
    show.status === 'onSale' && show.ticketUrl ? words.tickets(show.ticketUrl) : null,
    show.notes,
    pageUrl,
  ]
  return lines.filter(Boolean).join('\n')
}

export function showCalendarEntry(show: Show, context: ShowCalendarContext): CalendarEntry {
  const locale = context.locale ?? 'en'
  const pageUrl = context.absolute(context.showPath(show.slug))
  return {
    uid: `${show.id}@${context.host}`,
    sequence: showSequence(show),
    start: show.start.at,
    end: new Date(show.start.at.getTime() + SHOW_CALENDAR_LENGTH_MS),
    summary: summaryOf(show, context.bandName, locale),
    location: [show.venue, addressLabel(show)].filter(Boolean).join(', '),
    description: descriptionOf(show, pageUrl, locale),
    url: pageUrl,
    status: calendarStatus(show),
    created: new Date(show.createdAt),
    lastModified: new Date(show.updatedAt),
  }
}

/** The entries of the shows that have a date and an address, in date order. */
export function showCalendarEntries(records: ShowRecord[], context: ShowCalendarContext): CalendarEntry[] {
  return records
    .map((record) => toShow(record))
    .filter((show): show is Show => show !== null)
    .sort((a, b) => a.start.at.getTime() - b.start.at.getTime())
    .map((show) => showCalendarEntry(show, context))
}

/** How many shows the tour's calendar converts before it lets the event loop turn. */
const SHOWS_PER_SLICE = 25

/**
 * `showCalendarEntries` for the tour's calendar, a slice of shows at a time: converting a show formats its times
 * in its zone, and with a year of shows the whole feed would hold every request that waits meanwhile (a stored
 * page) for all of them.
 */
export async function showCalendarEntriesInSlices(
  records: ShowRecord[],
  context: ShowCalendarContext,
): Promise<CalendarEntry[]> {
  const shows: Show[] = []
  for (let from = 0; from < records.length; from += SHOWS_PER_SLICE) {
    if (from > 0) await nextTurn()
    for (const record of records.slice(from, from + SHOWS_PER_SLICE)) {
      const show = toShow(record)
      if (show) shows.push(show)
    }
  }
  return shows
    .sort((a, b) => a.start.at.getTime() - b.start.at.getTime())
    .map((show) => showCalendarEntry(show, context))
}
