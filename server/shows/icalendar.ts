/**
 * iCalendar (RFC 5545) text from calendar entries: pure, so the same content always gives the same bytes (no
 * request time anywhere: DTSTAMP is the entry's last change), which keeps ETags and any response cache valid
 * until an editor publishes. Times are written in UTC (`...Z`, RFC 5545 §3.3.5 form #2), which needs no
 * VTIMEZONE; calendar apps show them in the reader's zone (ADR 120).
 */

export type CalendarEntry = {
  /** Globally unique and stable across edits (RFC 5545 §3.8.4.7). */
  uid: string
  /** Grows with every published change, so clients replace their copy (§3.8.7.4). */
  sequence: number
  start: Date
  end: Date
  summary: string
  location?: string | null
  description?: string | null
  /** Absolute URL of the show's page. */
  url?: string | null
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED'
  created: Date
  lastModified: Date
}

export type Calendar = {
  /** PRODID: who made the file. */
  productId: string
  /** The calendar's name in calendar apps (NAME, RFC 7986, and X-WR-CALNAME, which older apps read). */
  name: string
  description?: string | null
  /** A subscription's address and how often apps should fetch it again (feeds only). */
  source?: { url: string; refreshInterval: string } | null
  entries: CalendarEntry[]
}

/** `20251026T020000Z`. */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/**
 * TEXT values (§3.3.11): backslash, semicolon, comma and line breaks escaped; the control characters the
 * grammar forbids (all but tab) dropped.
 */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  )
}

const LINE_OCTETS = 75

/**
 * Content lines longer than 75 octets are folded (§3.1): CRLF and one space, never inside a UTF-8 sequence.
 * The leading space counts toward the next line's 75.
 */
export function foldLine(line: string): string {
  const pieces: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8')
    const limit = pieces.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1
    if (octets + size > limit) {
      pieces.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  pieces.push(current)
  return pieces.join('\r\n ')
}

function entryLines(entry: CalendarEntry): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(entry.uid)}`,
    `DTSTAMP:${utcDateTime(entry.lastModified)}`,
    `DTSTART:${utcDateTime(entry.start)}`,
    `DTEND:${utcDateTime(entry.end)}`,
    `SEQUENCE:${Math.max(0, Math.floor(entry.sequence))}`,
    `STATUS:${entry.status}`,
    `SUMMARY:${escapeText(entry.summary)}`,
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    ...(entry.url ? [`URL;VALUE=URI:${entry.url}`] : []),
    `CREATED:${utcDateTime(entry.created)}`,
    `LAST-MODIFIED:${utcDateTime(entry.lastModified)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ]
}

/** A VCALENDAR with one VEVENT per entry, CRLF line ends and folded lines. */
export function buildICalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    ...(calendar.description
      ? [
          `DESCRIPTION:${escapeText(calendar.description)}`,
          `X-WR-CALDESC:${escapeText(calendar.description)}`,
        ]
      : []),
    ...(calendar.source
      ? [
          `SOURCE;VALUE=URI:${calendar.source.url}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${calendar.source.refreshInterval}`,
          `X-PUBLISHED-TTL:${calendar.source.refreshInterval}`,
        ]
      : []),
    ...calendar.entries.flatMap(entryLines),
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
