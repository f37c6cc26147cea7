import { afterEach, describe, expect, it, vi } from 'vitest'
import { priceLabel, toShow, type ShowRecord } from './show-rules'

// Zones and currencies no other test of this file's process formats: the formatters are kept per process.
const ZONES = ['Asia/Kathmandu', 'Australia/Eucla']
const CURRENCIES = ['JPY', 'CHF']

const record = (i: number): ShowRecord => ({
  _id: `event-${i}`,
  _createdAt: '2025-06-01T10:00:00Z',
  _updatedAt: '2025-06-02T10:00:00Z',
  slug: `show-${i}`,
  startsAt: new Date(Date.UTC(2024, 0, 1 + i, 14)).toISOString(),
  originalStartsAt: null,
  doorsTime: '18:00',
  timeZone: ZONES[i % ZONES.length]!,
  venue: 'Hall',
  city: 'Somis',
  region: 'CA',
  country: 'US',
  address: null,
  postalCode: null,
  status: 'onSale',
  ticketUrl: null,
  price: 20 + i,
  currency: CURRENCIES[i % CURRENCIES.length]!,
  notes: null,
  notesLang: null,
  setlist: null,
  area: null,
})

afterEach(() => vi.restoreAllMocks())

describe('formatters', () => {
  it('are built once per time zone and currency, not once per show', () => {
    const dateFormats = vi.spyOn(Intl, 'DateTimeFormat')
    const numberFormats = vi.spyOn(Intl, 'NumberFormat')
    const shows = Array.from({ length: 200 }, (_, i) => toShow(record(i)))
    expect(shows.every((show) => show !== null)).toBe(true)
    // Per zone: the zone check and the day, long-date formats of lib/time-zone.ts.
    expect(dateFormats.mock.calls.length).toBeLessThanOrEqual(3 * ZONES.length)
    expect(numberFormats.mock.calls.length).toBeLessThanOrEqual(CURRENCIES.length)
  })

  it('still answer null for a currency Intl does not know, every time', () => {
    expect(priceLabel(10, 'NOT A CODE')).toBeNull()
    expect(priceLabel(10, 'NOT A CODE')).toBeNull()
    expect(priceLabel(10, 'CHF')).toMatch(/10\.00/)
  })
})
