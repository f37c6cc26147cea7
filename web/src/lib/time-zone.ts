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

/** `Oct 25 2025`, as the spec's event list writes dates. */
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
