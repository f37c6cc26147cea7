/** One formatter per time zone, reused for every show of that zone. */
const formatters = new Map<string, Intl.DateTimeFormat>()

function partsIn(timeZone: string, instant: number): Record<string, number> {
  let format = formatters.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    })
    formatters.set(timeZone, format)
  }
  const parts: Record<string, number> = {}
  for (const part of format.formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  return parts
}

/** The UTC instant of a wall-clock time in a zone (a show "at 20:00 in Oaxaca"), daylight saving included. */
export function zonedInstant(
  timeZone: string,
  date: { year: number; month: number; day: number },
  hour: number,
): Date {
  const wanted = Date.UTC(date.year, date.month - 1, date.day, hour)
  // The zone's offset at about that moment, then once more at the corrected instant (a DST change in between).
  let instant = wanted
  for (let i = 0; i < 2; i++) {
    const p = partsIn(timeZone, instant)
    const seen = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!)
    instant += wanted - seen
  }
  return new Date(instant)
}

/** `YYYY-MM-DD` of an instant as the venue's calendar shows it. */
export function localDate(timeZone: string, instant: Date): string {
  const p = partsIn(timeZone, instant.getTime())
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`
}
