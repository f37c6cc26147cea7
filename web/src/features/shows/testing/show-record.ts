import type { ShowRecord } from '../utils/show-rules'

/** A show as the content queries return it: on sale at Land+Sky in Somis, with `overrides` set. */
export const showRecord = (overrides: Partial<ShowRecord> = {}): ShowRecord => ({
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
