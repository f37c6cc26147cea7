/**
 * A show as its page, its JSON-LD and its calendar entry describe it: dates and times in the venue's time zone,
 * the status as fans read it, the price and a map link. Pure, so the server's calendar renderer and the page
 * share one reading of the content.
 */
import type { ShowCalendarEntryQueryResult } from '../../../content/sanity.types'
import { moneyLabel } from '../../../lib/i18n/formatters-contract'
import type { Locale } from '../../../lib/i18n/locale-contract'
import { safeLinkUrl } from '../../../lib/safe-url'
import { isoWithOffset, localDateKey, longDateLabel, timeLabel, zonedWallTime } from '../../../lib/time-zone'
import { isPastEvent, placeLabel, type EventStatus } from '../../events'

export type ShowRecord = NonNullable<ShowCalendarEntryQueryResult>

/** An instant with the ways a page writes it. */
export type ShowTime = {
  at: Date
  /** `2025-10-25T19:00:00-07:00`: what `<time datetime>` and schema.org carry. */
  iso: string
  /** `Saturday, October 25, 2025`. */
  date: string
  /** `7:00 PM`. */
  time: string
}

export type Show = {
  id: string
  slug: string
  venue: string
  city: string
  region: string | null
  country: string | null
  address: string | null
  postalCode: string | null
  timeZone: string
  status: EventStatus
  /** Postponed with a new date: `start` is the new date and `previousStart` the one first announced. */
  rescheduled: boolean
  start: ShowTime
  previousStart: ShowTime | null
  doors: ShowTime | null
  statusLabel: string
  ticketUrl: string | null
  price: number | null
  currency: string | null
  priceLabel: string | null
  mapUrl: string
  notes: string | null
  /** "en" when the English note stands in for a missing Spanish one (ADR 193). */
  notesLang: 'en' | null
  setlist: string[]
  /** The area it belongs to (/shows?area=<slug>), null when none is set; `nameLang` as `notesLang`. */
  area: { name: string; nameLang: 'en' | null; slug: string } | null
  createdAt: string
  updatedAt: string
}

const DEFAULT_TIME_ZONE = 'UTC'

const STATUS_TEXT: Record<EventStatus, string> = {
  onSale: 'On sale',
  soldOut: 'Sold out',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
}

function showTime(at: Date, timeZone: string, locale: Locale): ShowTime {
  return {
    at,
    iso: isoWithOffset(at, timeZone),
    date: longDateLabel(at, timeZone, locale),
    time: timeLabel(at, timeZone, locale),
  }
}

function validDate(iso: string | null | undefined): Date | null {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** Whether Intl knows each zone, asked once per zone: building a formatter costs far more than using one. */
const knownTimeZones = new Map<string, boolean>()

function validTimeZone(timeZone: string | null): string {
  if (!timeZone) return DEFAULT_TIME_ZONE
  let known = knownTimeZones.get(timeZone)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone })
      known = true
    } catch {
      known = false
    }
    knownTimeZones.set(timeZone, known)
  }
  return known ? timeZone : DEFAULT_TIME_ZONE
}

/**
 * `$45.00`, `$450.00 MXN` (`$25.00 USD` on a Spanish page); null without a price or with a currency code Intl
 * does not know.
 */
export function priceLabel(
  price: number | null,
  currency: string | null,
  locale: Locale = 'en',
): string | null {
  if (price === null || price === undefined) return null
  return moneyLabel(price, currency || 'USD', locale)
}

/** A map search for the venue (the address when known), which every phone opens in its map app. */
export function mapUrl(parts: {
  venue: string
  address: string | null
  city: string
  region: string | null
  country: string | null
}): string {
  const query = [parts.venue, parts.address, parts.city, parts.region, parts.country]
    .filter(Boolean)
    .join(', ')
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`
}

/** Doors on the show's local day at `HH:MM`; null when unset or malformed. */
function doorsTime(record: ShowRecord, start: Date, timeZone: string): Date | null {
  if (!record.doorsTime || !/^([01]\d|2[0-3]):[0-5]\d$/.test(record.doorsTime)) return null
  return zonedWallTime(localDateKey(start, timeZone), record.doorsTime, timeZone)
}

/**
 * The show as pages and calendars describe it, its dates and price written for readers of `locale`, or null for
 * one without a date or an address.
 */
export function toShow(record: ShowRecord, locale: Locale = 'en'): Show | null {
  const start = validDate(record.startsAt)
  if (!start || !record.slug) return null
  const timeZone = validTimeZone(record.timeZone)
  const status: EventStatus = record.status ?? 'onSale'
  const previous = status === 'postponed' ? validDate(record.originalStartsAt) : null
  const doors = doorsTime(record, start, timeZone)
  const place = {
    venue: record.venue ?? '',
    address: record.address,
    city: record.city ?? '',
    region: record.region,
    country: record.country,
  }
  return {
    id: record._id,
    slug: record.slug,
    ...place,
    postalCode: record.postalCode,
    timeZone,
    status,
    rescheduled: previous !== null,
    start: showTime(start, timeZone, locale),
    previousStart: previous ? showTime(previous, timeZone, locale) : null,
    doors: doors ? showTime(doors, timeZone, locale) : null,
    statusLabel: previous ? 'Rescheduled' : STATUS_TEXT[status],
    // The one URL check for CMS links (lib/safe-url.ts): pages, JSON-LD and calendars all read this field.
    ticketUrl: safeLinkUrl(record.ticketUrl),
    price: record.price,
    currency: record.price !== null && record.price !== undefined ? (record.currency ?? 'USD') : null,
    priceLabel: priceLabel(record.price, record.currency, locale),
    mapUrl: mapUrl(place),
    notes: record.notes?.trim() || null,
    notesLang: record.notes?.trim() ? (record.notesLang ?? null) : null,
    setlist: (record.setlist ?? []).map((song) => song.trim()).filter(Boolean),
    area: record.area?.slug
      ? {
          name: record.area.name ?? record.area.slug,
          nameLang: record.area.name ? (record.area.nameLang ?? null) : null,
          slug: record.area.slug,
        }
      : null,
    createdAt: record._createdAt,
    updatedAt: record._updatedAt,
  }
}

/** The status as the catalogue names it (`shows.status`): a postponed show with its new date is rescheduled. */
export function showStatusKey(show: Pick<Show, 'status' | 'rescheduled'>): EventStatus | 'rescheduled' {
  return show.rescheduled ? 'rescheduled' : show.status
}

/** ADR 031: past once its calendar day in its own time zone is over. */
export function isPastShow(show: Show, now: Date): boolean {
  return isPastEvent(show.start.at, show.timeZone, now)
}

/** As on the home page's list: only upcoming shows on sale link to tickets. */
export function showTicketLink(show: Show, now: Date): string | null {
  return show.ticketUrl && show.status === 'onSale' && !isPastShow(show, now) ? show.ticketUrl : null
}

/** `Land+Sky, Somis, CA`. */
export function showTitle(show: Pick<Show, 'venue' | 'city' | 'region'>): string {
  return [show.venue, placeLabel(show)].filter(Boolean).join(', ')
}

/** `4250 Somis Rd, Somis, CA 93066, US`. */
export function addressLabel(show: Show): string {
  const locality = [placeLabel(show), show.postalCode].filter(Boolean).join(' ')
  return [show.address, locality, show.country].filter(Boolean).join(', ')
}
