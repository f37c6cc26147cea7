import { describe, expect, it } from 'vitest'
import { zonedWallTime } from '../../../lib/time-zone'
import { pastShowsPage } from './past-shows'
import { pastShowsPagePath, showCalendarPath, showPath, webcalUrl } from './show-paths'
import {
  addressLabel,
  isPastShow,
  mapUrl,
  priceLabel,
  showTicketLink,
  toShow,
  type ShowRecord,
} from './show-rules'

const record = (overrides: Partial<ShowRecord> = {}): ShowRecord => ({
  _id: 'event-1',
  _createdAt: '2025-06-01T10:00:00Z',
  _updatedAt: '2025-06-02T10:00:00Z',
  slug: 'show-1',
  startsAt: '2025-10-26T02:00:00Z',
  originalStartsAt: null,
  doorsTime: null,
  timeZone: 'America/Los_Angeles',
  venue: 'Land+Sky',
  city: 'Somis',
  region: 'CA',
  country: 'US',
  address: '4250 Somis Rd',
  postalCode: '93066',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/a',
  price: 45,
  currency: 'USD',
  notes: null,
  notesLang: null,
  setlist: null,
  area: null,
  ...overrides,
})

describe('zonedWallTime', () => {
  it('finds the instant of a wall time on either side of a DST change', () => {
    expect(zonedWallTime('2025-11-01', '18:00', 'America/Los_Angeles').toISOString()).toBe(
      '2025-11-02T01:00:00.000Z',
    )
    expect(zonedWallTime('2025-11-02', '18:00', 'America/Los_Angeles').toISOString()).toBe(
      '2025-11-03T02:00:00.000Z',
    )
    expect(zonedWallTime('2026-03-29', '20:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T18:00:00.000Z',
    )
    expect(zonedWallTime('2025-07-01', '17:30', 'Asia/Kolkata').toISOString()).toBe(
      '2025-07-01T12:00:00.000Z',
    )
  })
})

describe('toShow', () => {
  it('writes date and times in the venue’s zone, doors on the show’s local day', () => {
    const show = toShow(record({ doorsTime: '18:00' }))!
    expect(show.start).toMatchObject({
      iso: '2025-10-25T19:00:00-07:00',
      date: 'Saturday, October 25, 2025',
      time: '7:00 PM',
    })
    expect(show.doors).toMatchObject({ iso: '2025-10-25T18:00:00-07:00', time: '6:00 PM' })
  })

  it('a postponed show with its first date is rescheduled; without one it is only postponed', () => {
    const rescheduled = toShow(record({ status: 'postponed', originalStartsAt: '2025-10-01T02:00:00Z' }))!
    expect(rescheduled).toMatchObject({ rescheduled: true, statusLabel: 'Rescheduled' })
    expect(rescheduled.previousStart?.date).toBe('Tuesday, September 30, 2025')
    expect(toShow(record({ status: 'postponed' }))).toMatchObject({
      rescheduled: false,
      statusLabel: 'Postponed',
      previousStart: null,
    })
    // A first date left on a show that is no longer postponed is ignored.
    expect(toShow(record({ originalStartsAt: '2025-10-01T02:00:00Z' }))?.previousStart).toBeNull()
  })

  it('is null without a date or an address; a bad time zone falls back to UTC', () => {
    expect(toShow(record({ startsAt: null }))).toBeNull()
    expect(toShow(record({ startsAt: 'yesterday' }))).toBeNull()
    expect(toShow(record({ slug: null }))).toBeNull()
    expect(toShow(record({ timeZone: 'Mars/Olympus' }))?.start.iso).toBe('2025-10-26T02:00:00+00:00')
    expect(toShow(record({ doorsTime: '25:00' }))?.doors).toBeNull()
  })

  it('labels price and address, and builds a map search', () => {
    expect(priceLabel(45, 'USD')).toBe('$45.00')
    // A currency other than the page's usual one is named (issue 41).
    expect(priceLabel(450, 'MXN')).toBe('$450.00 MXN')
    expect(priceLabel(10, 'not a currency')).toBeNull()
    expect(priceLabel(null, 'USD')).toBeNull()
    const show = toShow(record())!
    expect(addressLabel(show)).toBe('4250 Somis Rd, Somis, CA 93066, US')
    expect(mapUrl(show)).toBe(
      'https://www.google.com/maps/search/?api=1&query=Land%2BSky%2C%204250%20Somis%20Rd%2C%20Somis%2C%20CA%2C%20US',
    )
  })

  it('links tickets only while an on-sale show is ahead (ADR 031’s day rule)', () => {
    const show = toShow(record())!
    // 19:00 in Somis on Oct 25 is still upcoming at 23:59 that evening, past the next morning.
    expect(showTicketLink(show, new Date('2025-10-26T06:59:00Z'))).toBe('https://tickets.example.com/a')
    expect(isPastShow(show, new Date('2025-10-26T07:00:00Z'))).toBe(true)
    expect(showTicketLink(show, new Date('2025-10-26T07:00:00Z'))).toBeNull()
    expect(
      showTicketLink(toShow(record({ status: 'soldOut' }))!, new Date('2025-10-01T00:00:00Z')),
    ).toBeNull()
  })

  it('drops javascript: and data: ticket URLs from the CMS', () => {
    for (const ticketUrl of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>']) {
      const show = toShow(record({ ticketUrl }))!
      expect(show.ticketUrl).toBeNull()
      expect(showTicketLink(show, new Date('2025-10-01T00:00:00Z'))).toBeNull()
    }
  })
})

describe('paths and the past shows archive', () => {
  it('addresses', () => {
    expect(showPath('2025-10-25-land-sky')).toBe('/shows/2025-10-25-land-sky')
    expect(showCalendarPath('2025-10-25-land-sky')).toBe('/shows/2025-10-25-land-sky.ics')
    expect(pastShowsPagePath(1)).toBe('/shows/past')
    expect(pastShowsPagePath(3)).toBe('/shows/past?page=3')
    expect(webcalUrl('https://band.example/shows.ics')).toBe('webcal://band.example/shows.ics')
  })

  it('shows a page as read, leaving out a record without a date', () => {
    const records = [
      record({ _id: 'e1', slug: 's1', startsAt: '2024-01-02T03:00:00Z' }),
      record({ _id: 'bad', slug: 'bad', startsAt: null }),
    ]
    const page = pastShowsPage({ records, total: 40 })
    expect(page.shows.map((s) => s.slug)).toEqual(['s1'])
    expect(page.total).toBe(40)
  })
})
