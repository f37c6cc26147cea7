import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import type { ShowRecord } from '../../web/src/features/shows/shows-contract'
import { buildICalendar, foldLine } from './icalendar'
import { showCalendarEntries, showCalendarEntriesInSlices, type ShowCalendarContext } from './show-calendar'

const context: ShowCalendarContext = {
  bandName: 'Los Forasteros',
  host: 'band.example',
  absolute: (path) => new URL(path, 'https://band.example').href,
  showPath: (slug) => `/shows/${slug}`,
}

const record = (overrides: Partial<ShowRecord> = {}): ShowRecord => ({
  _id: 'event-land-sky',
  _createdAt: '2025-06-01T10:00:00Z',
  _updatedAt: '2025-06-01T10:00:00Z',
  slug: 'land-sky',
  startsAt: '2025-10-26T02:00:00Z',
  originalStartsAt: null,
  doorsTime: '18:00',
  timeZone: 'America/Los_Angeles',
  venue: 'Land+Sky',
  city: 'Somis',
  region: 'CA',
  country: 'US',
  address: '4250 Somis Rd',
  postalCode: '93066',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/land-sky',
  price: 45,
  currency: 'USD',
  notes: null,
  notesLang: null,
  setlist: null,
  area: null,
  ...overrides,
})

function calendarOf(records: ShowRecord[]) {
  return buildICalendar({
    productId: '-//band.example//Tour calendar//EN',
    name: 'Los Forasteros tour',
    source: { url: 'https://band.example/shows.ics', refreshInterval: 'PT12H' },
    entries: showCalendarEntries(records, context),
  })
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) }
}

/** `2025-10-25 19:00` as a wall clock in `timeZone` shows the instant. */
function wallClock(date: Date, timeZone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`
}

describe('the tour calendar, read back by ical.js', () => {
  it('keeps 19:00 local on both sides of the end of daylight saving time', () => {
    const ics = calendarOf([
      record(),
      // Nov 6, 19:00 PST (UTC-8): daylight saving time ended on Nov 2.
      record({ _id: 'event-arlington', slug: 'arlington', startsAt: '2025-11-07T03:00:00Z' }),
      // Madrid changes on Mar 29 2026: 21:00 CET before, 21:00 CEST after.
      record({
        _id: 'event-madrid-1',
        slug: 'madrid-1',
        startsAt: '2026-03-27T20:00:00Z',
        timeZone: 'Europe/Madrid',
      }),
      record({
        _id: 'event-madrid-2',
        slug: 'madrid-2',
        startsAt: '2026-03-30T19:00:00Z',
        timeZone: 'Europe/Madrid',
      }),
    ])
    const { events } = parse(ics)
    expect(events.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
      '2025-10-26T02:00:00.000Z',
      '2025-11-07T03:00:00.000Z',
      '2026-03-27T20:00:00.000Z',
      '2026-03-30T19:00:00.000Z',
    ])
    expect(
      events.slice(0, 2).map((event) => wallClock(event.startDate.toJSDate(), 'America/Los_Angeles')),
    ).toEqual(['2025-10-25 19:00', '2025-11-06 19:00'])
    expect(events.slice(2).map((event) => wallClock(event.startDate.toJSDate(), 'Europe/Madrid'))).toEqual([
      '2026-03-27 21:00',
      '2026-03-30 21:00',
    ])
    // UTC times, so no VTIMEZONE is needed.
    expect(events.every((event) => event.startDate.zone === ICAL.Timezone.utcTimezone)).toBe(true)
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2025-10-26T04:00:00.000Z')
  })

  it('has the properties RFC 5545 requires and a subscription needs', () => {
    const ics = calendarOf([record()])
    const { calendar, events } = parse(ics)
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//band.example//Tour calendar//EN')
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH')
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Los Forasteros tour')
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT12H')
    const [event] = events
    expect(event!.uid).toBe('event-land-sky@band.example')
    expect(event!.summary).toBe('Los Forasteros at Land+Sky')
    expect(event!.location).toBe('Land+Sky, 4250 Somis Rd, Somis, CA 93066, US')
    expect(event!.component.getFirstPropertyValue('url')).toBe('https://band.example/shows/land-sky')
    expect(event!.component.getFirstPropertyValue('status')).toBe('CONFIRMED')
    expect(event!.component.getFirstPropertyValue('dtstamp')?.toString()).toBe('2025-06-01T10:00:00Z')
    expect(ics.split('\r\n').at(-1)).toBe('')
    expect(ics).not.toMatch(/[^\r]\n/)
  })

  it('keeps the UID across edits and raises SEQUENCE with every published change', () => {
    const before = parse(calendarOf([record()])).events[0]!
    const after = parse(calendarOf([record({ venue: 'Land and Sky', _updatedAt: '2025-06-03T10:00:05Z' })]))
      .events[0]!
    const later = parse(calendarOf([record({ status: 'cancelled', _updatedAt: '2025-07-01T00:00:00Z' })]))
      .events[0]!
    expect(after.uid).toBe(before.uid)
    expect(later.uid).toBe(before.uid)
    expect(before.sequence).toBe(0)
    expect(after.sequence).toBe(2 * 86400 + 5)
    expect(later.sequence).toBeGreaterThan(after.sequence)
  })

  it('marks a cancelled show CANCELLED and a postponed one without a new date TENTATIVE', () => {
    const { events } = parse(
      calendarOf([
        record({ status: 'cancelled' }),
        record({ _id: 'e2', slug: 'p', status: 'postponed', startsAt: '2025-12-01T03:00:00Z' }),
        record({
          _id: 'e3',
          slug: 'r',
          status: 'postponed',
          startsAt: '2026-01-01T03:00:00Z',
          originalStartsAt: '2025-11-01T02:00:00Z',
        }),
      ]),
    )
    expect(events.map((event) => [event.component.getFirstPropertyValue('status'), event.summary])).toEqual([
      ['CANCELLED', 'Cancelled: Los Forasteros at Land+Sky'],
      ['TENTATIVE', 'Postponed: Los Forasteros at Land+Sky'],
      ['CONFIRMED', 'Los Forasteros at Land+Sky'],
    ])
    expect(events[2]!.description).toContain('Postponed from Friday, October 31, 2025.')
  })

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    const notes =
      'Support: Trío Arroyo Seco; all ages, no re-entry.\nBring a jarana \\ or two. ' + 'ñ'.repeat(80)
    const ics = calendarOf([record({ notes, venue: 'Foro "Sol, Luna; y Tierra"' })])
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    expect(ics).toContain('SUMMARY:Los Forasteros at Foro "Sol\\, Luna\\; y Tierra"')
    const [event] = parse(ics).events
    expect(event!.summary).toBe('Los Forasteros at Foro "Sol, Luna; y Tierra"')
    expect(event!.description).toContain(notes)
    expect(event!.description).toContain('Doors 6:00 PM, show 7:00 PM (America/Los_Angeles).')
  })

  it('foldLine leaves short lines alone and continues long ones with one space', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short')
    const folded = foldLine(`DESCRIPTION:${'€'.repeat(40)}`)
    const [first, ...rest] = folded.split('\r\n')
    expect(Buffer.byteLength(first!, 'utf8')).toBeLessThanOrEqual(75)
    expect(rest.every((line) => line.startsWith(' ') && Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'€'.repeat(40)}`)
  })

  it('leaves out shows without a date or an address, and is the same text for the same content', () => {
    const records = [
      record(),
      record({ _id: 'x', slug: null }),
      record({ _id: 'y', slug: 'y', startsAt: null }),
    ]
    expect(parse(calendarOf(records)).events).toHaveLength(1)
    expect(calendarOf(records)).toBe(calendarOf(records))
  })
})

describe('the tour calendar in slices', () => {
  it('gives the entries showCalendarEntries gives, and lets waiting work run between slices', async () => {
    const zones = ['America/Los_Angeles', 'America/Mexico_City', 'America/New_York', 'America/Tijuana']
    const records = Array.from({ length: 80 }, (_, i) =>
      record({
        _id: `event-${i}`,
        slug: `show-${i}`,
        // Out of date order, some without an address (no entry).
        startsAt: new Date(Date.UTC(2025, 0, 1) + ((i * 37) % 80) * 86_400_000).toISOString(),
        timeZone: zones[i % zones.length]!,
        ...(i % 9 === 0 ? { address: null, city: null } : {}),
      }),
    )
    let ranBetween = false
    setImmediate(() => (ranBetween = true))
    const sliced = await showCalendarEntriesInSlices(records, context)
    expect(ranBetween).toBe(true)
    expect(sliced).toEqual(showCalendarEntries(records, context))
    expect(sliced.length).toBeGreaterThan(25)
  })
})
