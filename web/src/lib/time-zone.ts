/** Calendar dates and UTC offsets of an instant in an IANA time zone, with the platform's Intl data. */

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let formatter = dayFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
    dayFormatters.set(timeZone, formatter)
  }
  return Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]))
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

const labelFormatters = new Map<string, Intl.DateTimeFormat>()

/** `Oct 25 2025`, as the events list writes dates (docs/fan-site-rules.md §2). */
export function shortDateLabel(instant: Date, timeZone: string): string {
  let formatter = labelFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    })
    labelFormatters.set(timeZone, formatter)
  }
  const p = Object.fromEntries(formatter.formatToParts(instant).map((part) => [part.type, part.value]))
  return `${p.month} ${p.day} ${p.year}`
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

const longFormatters = new Map<string, Intl.DateTimeFormat>()

/** `Saturday, October 25, 2025`, in the zone. */
export function longDateLabel(instant: Date, timeZone: string): string {
  let formatter = longFormatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full' })
    longFormatters.set(timeZone, formatter)
  }
  return formatter.format(instant)
}

/**
 * `7:00 PM` in the zone. Built from the numeric parts rather than Intl's time style, whose spacing (U+202F
 * before "PM") differs between ICU versions, i.e. between the server's Node and a visitor's browser.
 */
export function timeLabel(instant: Date, timeZone: string): string {
  const [hour, minute] = localTimeKey(instant, timeZone).split(':').map(Number) as [number, number]
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  return `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}
