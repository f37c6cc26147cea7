/**
 * The rules of docs/fan-site-rules.md §10 for the tour list. A show is past once its calendar day in its own time zone is over
 * (it stays upcoming through the evening of the show). Upcoming shows list first, soonest first; past shows
 * follow, most recent first, keeping their status label struck through and losing their ticket link.
 */
import { safeLinkUrl } from '../../../lib/safe-url'
import type { TourDatesQueryResult } from '../../../content/sanity.types'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { isoWithOffset, localDateKey, shortDateLabel } from '../../../lib/time-zone'

export type TourEvent = TourDatesQueryResult['recent'][number]
export type EventStatus = 'onSale' | 'soldOut' | 'cancelled' | 'postponed'

const DEFAULT_TIME_ZONE = 'UTC'

export type ListedEvent = {
  id: string
  slug: string | null
  venue: string
  city: string
  region: string | null
  country: string | null
  address: string | null
  status: EventStatus
  ticketUrl: string | null
  price: number | null
  currency: string | null
  timeZone: string
  /** The start instant. */
  startsAt: Date
  /** `2025-10-25T19:00:00-07:00`: local time with offset. */
  startDate: string
  /** `Oct 25 2025`, in the event's time zone. */
  dateLabel: string
  isPast: boolean
  /** Only upcoming shows that are on sale link to tickets. */
  ticketLink: string | null
}

export function isPastEvent(startsAt: Date, timeZone: string, now: Date): boolean {
  return localDateKey(startsAt, timeZone) < localDateKey(now, timeZone)
}

function toListed(event: TourEvent, now: Date, locale: Locale): ListedEvent | null {
  if (!event.startsAt) return null
  const startsAt = new Date(event.startsAt)
  if (Number.isNaN(startsAt.getTime())) return null
  const timeZone = event.timeZone || DEFAULT_TIME_ZONE
  const status: EventStatus = event.status ?? 'onSale'
  const isPast = isPastEvent(startsAt, timeZone, now)
  return {
    id: event._id,
    slug: event.slug,
    venue: event.venue ?? '',
    city: event.city ?? '',
    region: event.region,
    country: event.country,
    address: event.address,
    status,
    ticketUrl: safeLinkUrl(event.ticketUrl),
    price: event.price,
    currency: event.currency,
    timeZone,
    startsAt,
    startDate: isoWithOffset(startsAt, timeZone),
    dateLabel: shortDateLabel(startsAt, timeZone, locale),
    isPast,
    ticketLink: !isPast && status === 'onSale' ? safeLinkUrl(event.ticketUrl) : null,
  }
}

/** The list as shown (dates in `locale`): upcoming ascending, then past descending. */
export function listEvents(events: TourEvent[], now: Date, locale: Locale = 'en'): ListedEvent[] {
  const listed = events
    .map((event) => toListed(event, now, locale))
    .filter((e): e is ListedEvent => e !== null)
  const upcoming = listed.filter((e) => !e.isPast).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
  const past = listed.filter((e) => e.isPast).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())
  return [...upcoming, ...past]
}

/**
 * How many upcoming shows the home page lists, soonest first; /shows has them all (ADR 172). More than the
 * seed's, so the seed's list is unchanged (docs/fan-site-rules.md §2).
 */
export const HOME_UPCOMING_SHOWS = 10

/**
 * How many past shows the home page lists after the upcoming ones; the rest are in the archive (/shows/past).
 * More than the seed's four, so the seed's list is unchanged (docs/fan-site-rules.md §2).
 */
export const HOME_PAST_SHOWS = 6

/** The home page's tour as read: the shows of the last days, the next ones and how many follow, the latest past. */
export type TourDates = {
  recent: TourEvent[]
  later: TourEvent[]
  laterCount: number
  past: TourEvent[]
}

/**
 * The home page's list: the `HOME_UPCOMING_SHOWS` soonest upcoming shows, then the `HOME_PAST_SHOWS` latest past
 * ones; `upcomingTotal` is how many shows are upcoming in all (what /shows lists).
 */
export function homeTour(
  dates: TourDates,
  now: Date,
  locale: Locale = 'en',
): { events: ListedEvent[]; upcomingTotal: number } {
  const listed = listEvents([...dates.recent, ...dates.later, ...dates.past], now, locale)
  const upcoming = listed.filter((event) => !event.isPast)
  const past = listed.filter((event) => event.isPast)
  return {
    events: [...upcoming.slice(0, HOME_UPCOMING_SHOWS), ...past.slice(0, HOME_PAST_SHOWS)],
    // Every later show is upcoming in every zone (it starts after the last days): those read, and those not.
    upcomingTotal: upcoming.length + dates.laterCount - dates.later.length,
  }
}

/** The home page's list alone (its structured data covers what it lists, docs/fan-site-rules.md §10). */
export function homeTourList(dates: TourDates, now: Date): ListedEvent[] {
  return homeTour(dates, now).events
}

/** "Somis, CA". */
export function placeLabel(event: Pick<ListedEvent, 'city' | 'region'>): string {
  return [event.city, event.region].filter(Boolean).join(', ')
}
