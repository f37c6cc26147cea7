import { describe, expect, it } from 'vitest'
import { messages } from '../../../lib/i18n/messages/en'
import {
  HOME_PAST_SHOWS,
  HOME_UPCOMING_SHOWS,
  homeTour,
  isPastEvent,
  listEvents,
  type TourEvent,
} from './event-rules'

/** What the list's action column says for a show (event-list.tsx). */
const actionLabel = (event: { status: keyof typeof messages.events.status }) =>
  messages.events.status[event.status]

const LA = 'America/Los_Angeles'

function show(id: string, startsAt: string, status: TourEvent['status'], ticketUrl: string | null = null) {
  return {
    _id: id,
    slug: id,
    startsAt,
    timeZone: LA,
    venue: id,
    city: 'Somewhere',
    region: 'CA',
    country: 'US',
    address: null,
    status,
    ticketUrl,
    price: null,
    currency: null,
  } satisfies TourEvent
}

// The seed's four shows (docs/fan-site-rules.md §2), at 19:00 Los Angeles time.
const seed = [
  show('arlington', '2025-11-07T03:00:00Z', 'soldOut'),
  show('land-sky', '2025-10-26T02:00:00Z', 'onSale', 'https://tickets.example.com/x'),
  show('el-roblar', '2025-09-05T02:00:00Z', 'soldOut'),
  show('irvine', '2025-11-09T03:00:00Z', 'soldOut'),
]

describe('listEvents', () => {
  it("reproduces the spec's list on Oct 1 2025: upcoming ascending, then the past show", () => {
    const list = listEvents(seed, new Date('2025-10-01T12:00:00-07:00'))
    expect(list.map((e) => [e.dateLabel, e.venue, actionLabel(e), e.isPast])).toEqual([
      ['Oct 25 2025', 'land-sky', 'Tickets', false],
      ['Nov 6 2025', 'arlington', 'Sold Out', false],
      ['Nov 8 2025', 'irvine', 'Sold Out', false],
      ['Sep 4 2025', 'el-roblar', 'Sold Out', true],
    ])
    expect(list[0]?.ticketLink).toBe('https://tickets.example.com/x')
    expect(list.slice(1).every((e) => e.ticketLink === null)).toBe(true)
  })

  it('lists every show as past later, most recent first, without ticket links', () => {
    const list = listEvents(seed, new Date('2026-11-21T10:00:00Z'))
    expect(list.map((e) => e.venue)).toEqual(['irvine', 'arlington', 'land-sky', 'el-roblar'])
    expect(list.every((e) => e.isPast && e.ticketLink === null)).toBe(true)
    expect(actionLabel(list.find((e) => e.venue === 'land-sky')!)).toBe('Tickets')
  })

  it('writes start dates with the UTC offset of the show', () => {
    const list = listEvents(seed, new Date('2025-10-01T12:00:00-07:00'))
    expect(list.map((e) => e.startDate)).toEqual([
      '2025-10-25T19:00:00-07:00',
      '2025-11-06T19:00:00-08:00',
      '2025-11-08T19:00:00-08:00',
      '2025-09-04T19:00:00-07:00',
    ])
  })

  it('skips shows without a valid start', () => {
    expect(
      listEvents(
        [
          { ...seed[0]!, startsAt: '' },
          { ...seed[1]!, startsAt: 'nope' },
        ],
        new Date(),
      ),
    ).toEqual([])
  })
})

describe('isPastEvent', () => {
  const showStart = new Date('2025-10-26T02:00:00Z') // Oct 25 19:00 in Los Angeles

  it('keeps a show upcoming through its day in its own time zone', () => {
    // 23:30 in Los Angeles on the show day is already Oct 26 in UTC.
    expect(isPastEvent(showStart, LA, new Date('2025-10-26T06:30:00Z'))).toBe(false)
  })

  it('makes it past from the next local day', () => {
    expect(isPastEvent(showStart, LA, new Date('2025-10-26T07:30:00Z'))).toBe(true)
  })
})

describe('ticket links from the CMS', () => {
  it('drops javascript: and data: URLs', () => {
    const [bad, worse] = listEvents(
      [
        show('j', '2025-10-26T02:00:00Z', 'onSale', 'javascript:alert(1)'),
        show('d', '2025-10-27T02:00:00Z', 'onSale', 'data:text/html,<script>alert(1)</script>'),
      ],
      new Date('2025-10-01T19:00:00Z'),
    )
    expect([bad!.ticketLink, bad!.ticketUrl, worse!.ticketLink, worse!.ticketUrl]).toEqual([
      null,
      null,
      null,
      null,
    ])
  })
})

describe('homeTour', () => {
  const now = new Date('2025-10-01T12:00:00-07:00')
  const day = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000).toISOString()

  it("keeps the seed's list whole and counts its upcoming shows", () => {
    const tour = homeTour({ recent: [], later: seed.slice(0, 2), laterCount: 3, past: [seed[2]!] }, now)
    expect(tour.events.map((event) => event.venue)).toEqual(['land-sky', 'arlington', 'el-roblar'])
    expect(tour.upcomingTotal).toBe(3)
  })

  it('lists the soonest upcoming shows and the latest past ones, and counts those it does not read', () => {
    // Tonight in Los Angeles (still upcoming) and last night (past): the last days, sorted out per zone.
    const recent = [show('last-night', day(-1), 'onSale'), show('tonight', day(0.1), 'onSale')]
    const later = Array.from({ length: HOME_UPCOMING_SHOWS }, (_, i) =>
      show(`next-${i}`, day(3 + i), 'onSale'),
    )
    const past = Array.from({ length: HOME_PAST_SHOWS }, (_, i) => show(`past-${i}`, day(-10 - i), 'soldOut'))
    const tour = homeTour({ recent, later, laterCount: 40, past }, now)
    expect(tour.events.map((event) => event.venue)).toEqual([
      'tonight',
      ...later.slice(0, HOME_UPCOMING_SHOWS - 1).map((event) => event._id),
      'last-night',
      ...past.slice(0, HOME_PAST_SHOWS - 1).map((event) => event._id),
    ])
    expect(tour.upcomingTotal).toBe(41)
  })
})
