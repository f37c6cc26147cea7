import { describe, expect, it } from 'vitest'
import { createImageUrlFactory } from '../../../lib/image-url'
import { brokenGoogleEventRules, checkGoogleEventRules } from '../../../testing/google-event-rules'
import { buildShowJsonLd, showImages, showJsonLdUrls } from './show-json-ld'
import { toShow, type ShowRecord } from './show-rules'

const record = (overrides: Partial<ShowRecord> = {}): ShowRecord => ({
  _id: 'event-1',
  _createdAt: '2025-06-01T10:00:00Z',
  _updatedAt: '2025-06-02T10:00:00Z',
  slug: '2025-11-06-arlington-theatre-santa-barbara',
  // 19:00 in Santa Barbara, after daylight saving time ended (UTC-8).
  startsAt: '2025-11-07T03:00:00Z',
  originalStartsAt: null,
  doorsTime: '18:00',
  timeZone: 'America/Los_Angeles',
  venue: 'The Arlington Theatre',
  city: 'Santa Barbara',
  region: 'CA',
  country: 'US',
  address: '1317 State St',
  postalCode: '93101',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/arlington',
  price: 38,
  currency: 'USD',
  notes: null,
  notesLang: null,
  setlist: null,
  area: null,
  ...overrides,
})

const imageUrl = createImageUrlFactory({
  projectId: 'local',
  dataset: 'production',
  assetBaseUrl: '/content',
})
const absolute = (path: string) => new URL(path, 'https://band.example').href
const picture = { asset: { _ref: 'image-abc-1600x1200-jpg' }, hotspot: null, crop: null, alt: 'The band' }

function jsonLd(overrides: Partial<ShowRecord> = {}) {
  const show = toShow(record(overrides))!
  return buildShowJsonLd(show, {
    bandName: 'Los Forasteros',
    homeUrl: 'https://band.example/',
    pageUrl: `https://band.example/shows/${show.slug}`,
    images: showImages(picture, imageUrl, absolute),
    description: 'A show.',
  })
}

describe('a show page’s MusicEvent against Google’s Event rich result rules', () => {
  it('meets every required and recommended rule for a show on sale', () => {
    const results = checkGoogleEventRules(jsonLd())
    expect(results.filter((r) => r.level === 'required').length).toBeGreaterThanOrEqual(7)
    expect(brokenGoogleEventRules(jsonLd())).toEqual([])
  })

  it('writes startDate and doorTime in the venue’s time with the offset in force that day', () => {
    expect(jsonLd()).toMatchObject({
      startDate: '2025-11-06T19:00:00-08:00',
      doorTime: '2025-11-06T18:00:00-08:00',
    })
    // Before the change back to standard time the offset is -07:00.
    expect(jsonLd({ startsAt: '2025-10-26T02:00:00Z', doorsTime: null })).toMatchObject({
      startDate: '2025-10-25T19:00:00-07:00',
    })
    expect(jsonLd({ startsAt: '2025-10-26T02:00:00Z' }).doorTime).toBe('2025-10-25T18:00:00-07:00')
  })

  it('names the band from the settings, as performer and organizer', () => {
    const data = jsonLd()
    expect(data.name).toBe('Los Forasteros at The Arlington Theatre')
    expect(data.performer).toMatchObject({ '@type': 'MusicGroup', name: 'Los Forasteros' })
    expect(data.organizer).toMatchObject({ name: 'Los Forasteros', url: 'https://band.example/' })
  })

  it('gives the picture in 16x9, 4x3 and 1x1 through the image URL builder', () => {
    expect(jsonLd().image).toEqual([
      'https://band.example/content/images/local/production/abc-1600x1200.jpg?rect=0,150,1600,900&w=1200&h=675&fit=crop&auto=format',
      'https://band.example/content/images/local/production/abc-1600x1200.jpg?w=1200&h=900&fit=crop&auto=format',
      'https://band.example/content/images/local/production/abc-1600x1200.jpg?rect=200,0,1200,1200&w=1200&h=1200&fit=crop&auto=format',
    ])
  })

  it.each([
    ['onSale', null, 'EventScheduled', 'InStock'],
    ['soldOut', null, 'EventScheduled', 'SoldOut'],
    ['postponed', null, 'EventPostponed', 'InStock'],
    ['postponed', '2025-10-10T03:00:00Z', 'EventRescheduled', 'InStock'],
  ] as const)(
    'status %s (first date %s): %s, offer %s',
    (status, originalStartsAt, eventStatus, availability) => {
      const data = jsonLd({ status, originalStartsAt })
      expect(data.eventStatus).toBe(`https://schema.org/${eventStatus}`)
      expect(data.offers).toMatchObject({
        availability: `https://schema.org/${availability}`,
        price: 38,
        priceCurrency: 'USD',
      })
      expect(brokenGoogleEventRules(data)).toEqual([])
    },
  )

  it('a rescheduled show carries its first date as previousStartDate, with its own offset', () => {
    const data = jsonLd({ status: 'postponed', originalStartsAt: '2025-10-10T03:00:00Z' })
    expect(data.previousStartDate).toBe('2025-10-09T20:00:00-07:00')
    expect(data.startDate).toBe('2025-11-06T19:00:00-08:00')
    // The rule itself fails when the date is missing.
    expect(brokenGoogleEventRules({ ...data, previousStartDate: undefined })).toEqual([
      'previousStartDate when rescheduled',
    ])
  })

  it('a cancelled show is EventCancelled and offers nothing', () => {
    const data = jsonLd({ status: 'cancelled' })
    expect(data.eventStatus).toBe('https://schema.org/EventCancelled')
    expect(data).not.toHaveProperty('offers')
    expect(brokenGoogleEventRules(data)).toEqual([
      'offers is an Offer',
      'offers.availability is InStock, SoldOut or PreOrder',
      'offers.url',
      'offers.price with offers.priceCurrency',
    ])
  })

  it('the rules catch what a broken page would lack', () => {
    const data = jsonLd()
    expect(brokenGoogleEventRules({ ...data, startDate: '2025-11-06T19:00:00' })).toEqual([
      'startDate is ISO 8601 with a UTC offset',
    ])
    expect(brokenGoogleEventRules({ ...data, location: { '@type': 'Place', name: 'X' } })).toContain(
      'location.address is a PostalAddress',
    )
    expect(brokenGoogleEventRules({ ...data, image: [data.image && (data.image as string[])[0]] })).toEqual([
      'image in 16x9, 4x3 and 1x1',
    ])
  })

  it('leaves the price out when none is known, and names the event after the venue without a band name', () => {
    const show = toShow(record({ price: null }))!
    const data = buildShowJsonLd(show, {
      bandName: null,
      homeUrl: 'https://band.example/',
      pageUrl: 'https://band.example/shows/x',
      images: [],
      description: 'A show.',
    })
    expect(data.offers).not.toHaveProperty('price')
    expect(data.name).toBe('Live at The Arlington Theatre')
    expect(data).not.toHaveProperty('performer')
  })
})

describe('showJsonLdUrls', () => {
  const slug = '2025-11-06-arlington-theatre-santa-barbara'

  it("points a Spanish page's event at the Spanish show page, the band at its one home", () => {
    expect(showJsonLdUrls(absolute, 'es', slug)).toEqual({
      homeUrl: 'https://band.example/',
      pageUrl: `https://band.example/es/shows/${slug}`,
    })
  })

  it("points an English page's event at the English show page", () => {
    expect(showJsonLdUrls(absolute, 'en', slug).pageUrl).toBe(`https://band.example/shows/${slug}`)
  })

  it('gives the Spanish event its Spanish page as url, @id and offer fallback', () => {
    const show = toShow(record({ ticketUrl: null }), 'es')!
    const data = buildShowJsonLd(show, {
      bandName: 'Los Forasteros',
      ...showJsonLdUrls(absolute, 'es', slug),
      images: [],
      description: 'Los Forasteros en The Arlington Theatre',
      locale: 'es',
    })
    expect(data).toMatchObject({
      '@id': `https://band.example/es/shows/${slug}#event`,
      url: `https://band.example/es/shows/${slug}`,
      inLanguage: 'es',
      offers: { url: `https://band.example/es/shows/${slug}` },
      performer: { '@id': 'https://band.example/#band' },
    })
  })
})
