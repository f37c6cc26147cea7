/** Calendar dates and UTC offsets of an instant in an IANA time zone, with the platform's Intl data. */

import { clockLabel, dateFormat, longDate } from './i18n/formatters-contract'
import { INTL_TAGS, type Locale } from './i18n/locale-contract'

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  const parts = dateFormat('en-US', timeZone, 'parts').formatToParts(instant)
  return Object.fromEntries(parts.map((part) => [part.type, part.value]))
}

/** `YYYY-MM-DD` of the instant as a wall calendar in `timeZone` shows it; sorts as a string. */
export function localDateKey(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone)
  return `${p.year}-${p.month}-${p.day}`
}

/** `+HH:MM`/`-HH:MM`: the zone's UTC offset at that instant ("GMT" alone means +00:00). */
export function utcOffset(instant: Date, timeZone: string): string {
  const name = partsIn(instant, timeZone).timeZoneName ?? 'GMT'
  const match = /GMT([+-]\d{2}:\d{2})/.exec(name)
  return match?.[1] ?? '+00:00'
}

/** ISO 8601 local time with the zone's offset, e.g. `2025-10-25T19:00:00-07:00` (what schema.org wants). */
export function isoWithOffset(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone)
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${utcOffset(instant, timeZone)}`
}

/** `Oct 25 2025`, as the events list writes dates (docs/fan-site-rules.md §2); `25 oct 2025` in Spanish. */
export function shortDateLabel(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  const formatter = dateFormat(INTL_TAGS[locale], timeZone, 'short')
  const p = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]))
  return locale === 'en' ? `${p.month} ${p.day} ${p.year}` : `${p.day} ${p.month} ${p.year}`
}

/** `HH:MM` (24 h) of the instant in `timeZone`. */
export function localTimeKey(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone)
  return `${p.hour}:${p.minute}`
}

const MINUTE_MS = 60_000

function offsetMinutes(instant: Date, timeZone: string): number {
  const [sign, hours, minutes] = /([+-])(\d{2}):(\d{2})/.exec(utcOffset(instant, timeZone))!.slice(1)
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes))
}

/**
 * The instant a wall clock in `timeZone` shows `date` (`YYYY-MM-DD`) at `time` (`HH:MM`). The offset is read
 * twice, so a time just after a DST change lands on the right side of it; a wall time skipped by a spring-forward
 * gap comes out one hour later, as clocks read it.
 */
export function zonedWallTime(date: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`)
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * MINUTE_MS
  return new Date(asUtc - offsetMinutes(new Date(first), timeZone) * MINUTE_MS)
}

/** `Saturday, October 25, 2025` / `sábado, 25 de octubre de 2025`, in the zone. */
export function longDateLabel(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  return longDate(instant, timeZone, locale)
}

/** `7:00 PM` / `7:00 p.m.` in the zone (see clockLabel). */
export function timeLabel(instant: Date, timeZone: string, locale: Locale = 'en'): string {
  return clockLabel(instant, timeZone, locale)
}
