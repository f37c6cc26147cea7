import { describe, expect, it } from 'vitest'
import type { GalleryItem } from '../../features/media/api/get-gallery-items'
import type { SiteSettings } from '../../features/site/api/get-site-settings'
import { listEvents, type TourEvent } from '../../features/events/utils/event-rules'
import { createImageUrlFactory } from '../../lib/image-url'
import { buildHomeJsonLd } from './music-group-json-ld'

const image = (id: string) => ({
  asset: { _type: 'reference' as const, _ref: id },
  hotspot: null,
  crop: null,
  alt: null,
})

const settings = {
  bandName: 'Los Forasteros',
  description: 'Son Jarocho meets the spaghetti Western.',
  bookingEmail: 'booking@example.com',
  logo: image('image-aaa-600x600-png'),
  ogImage: image('image-bbb-1200x630-jpg'),
  socialLinks: [{ _key: 'ig', platform: 'instagram', url: 'https://www.instagram.com/x' }],
} as unknown as SiteSettings

const event = (overrides: Partial<TourEvent>): TourEvent => ({
  _id: 'e',
  slug: 'e',
  startsAt: '2025-10-26T02:00:00Z',
  timeZone: 'America/Los_Angeles',
  venue: 'Land+Sky',
  city: 'Somis',
  region: 'CA',
  country: 'US',
  address: '4250 Somis Rd',
  status: 'onSale',
  ticketUrl: 'https://tickets.example.com/a',
  price: 45,
  currency: 'USD',
  ...overrides,
})

const media = [
  {
    _id: 'm1',
    slug: 'la-bamba',
    kind: 'youtube',
    youtubeId: 'Zr8cN2wKp4Y',
    poster: image('image-ccc-1280x720-jpg'),
    image: null,
    videoUrl: null,
    caption: 'La Bamba, live. Video by Inés Montaño.',
    credit: 'Inés Montaño',
    alt: 'The band playing',
  },
  {
    _id: 'm2',
    slug: 'band-rehearsal',
    kind: 'image',
    youtubeId: null,
    poster: null,
    image: image('image-ddd-1200x900-jpg'),
    videoUrl: null,
    caption: 'Rehearsal. Photo by Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'A jarana',
  },
] as GalleryItem[]

function build(locale?: 'en' | 'es') {
  const events = listEvents(
    [
      event({ _id: 'a' }),
      event({
        _id: 'b',
        startsAt: '2025-11-07T03:00:00Z',
        venue: 'The Arlington Theatre',
        city: 'Santa Barbara',
        status: 'soldOut',
        ticketUrl: null,
        price: null,
      }),
      event({
        _id: 'c',
        startsAt: '2025-09-05T02:00:00Z',
        venue: 'Hotel El Roblar',
        city: 'Ojai',
        status: 'soldOut',
        ticketUrl: null,
        price: null,
      }),
    ],
    new Date('2025-10-01T19:00:00Z'),
  )
  const absolute = (p: string) => new URL(p, 'https://example.com').toString()
  return buildHomeJsonLd({
    settings,
    events,
    media,
    homeUrl: 'https://example.com/',
    locale,
    imageUrl: createImageUrlFactory({ projectId: 'local', dataset: 'production', assetBaseUrl: '/content' }),
    absolute,
  }) as { '@context': string; '@graph': Record<string, any>[] } // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe('buildHomeJsonLd', () => {
  it('describes the band as a MusicGroup with every show, past ones included', () => {
    const [group] = build()['@graph']
    expect(group).toMatchObject({
      '@type': 'MusicGroup',
      name: 'Los Forasteros',
      url: 'https://example.com/',
      email: 'booking@example.com',
      sameAs: ['https://www.instagram.com/x'],
      logo: 'https://example.com/content/images/local/production/aaa-600x600.png?w=600&auto=format',
    })
    expect(group!.event.map((e: { startDate: string }) => e.startDate)).toEqual([
      '2025-10-25T19:00:00-07:00',
      '2025-11-06T19:00:00-08:00',
      '2025-09-04T19:00:00-07:00',
    ])
  })

  it('gives each MusicEvent a place with a postal address and offers from the visible status', () => {
    const [first, second] = build()['@graph'][0]!.event
    expect(first).toMatchObject({
      '@type': 'MusicEvent',
      name: 'Los Forasteros at Land+Sky',
      eventStatus: 'https://schema.org/EventScheduled',
      url: 'https://example.com/shows/e',
      location: {
        '@type': 'Place',
        name: 'Land+Sky',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '4250 Somis Rd',
          addressLocality: 'Somis',
          addressRegion: 'CA',
          addressCountry: 'US',
        },
      },
      offers: {
        '@type': 'Offer',
        availability: 'https://schema.org/InStock',
        url: 'https://tickets.example.com/a',
        price: 45,
        priceCurrency: 'USD',
      },
    })
    expect(second.offers).toEqual({
      '@type': 'Offer',
      availability: 'https://schema.org/SoldOut',
      url: 'https://example.com/shows/e',
    })
  })

  it('says the language of the page: English at /, Spanish at /es', () => {
    expect(build()['@graph'][0]).toMatchObject({ inLanguage: 'en', url: 'https://example.com/' })
    expect(build('es')['@graph'][0]).toMatchObject({
      '@id': 'https://example.com/#band',
      inLanguage: 'es',
      url: 'https://example.com/es',
    })
  })

  it("points a Spanish page's shows at their Spanish pages, and a show without a page at the Spanish list", () => {
    const [first, second] = build('es')['@graph'][0]!.event
    expect(first.url).toBe('https://example.com/es/shows/e')
    expect(second.offers.url).toBe('https://example.com/es/shows/e')
    const events = listEvents([event({ _id: 'n', slug: null })], new Date('2025-10-01T19:00:00Z'))
    const data = buildHomeJsonLd({
      settings,
      events,
      media: [],
      homeUrl: 'https://example.com/',
      locale: 'es',
      imageUrl: createImageUrlFactory({
        projectId: 'local',
        dataset: 'production',
        assetBaseUrl: '/content',
      }),
      absolute: (p: string) => new URL(p, 'https://example.com').toString(),
    }) as { '@graph': { event: { url: string }[] }[] }
    expect(data['@graph'][0]!.event[0]!.url).toBe('https://example.com/es#events')
  })

  it('lists the media with credits: videos as VideoObject, photos as ImageObject', () => {
    const list = build()['@graph'][1]!
    expect(list).toMatchObject({ '@type': 'ItemList', numberOfItems: 2 })
    expect(list.itemListElement[0].item).toMatchObject({
      '@type': 'VideoObject',
      embedUrl: 'https://www.youtube-nocookie.com/embed/Zr8cN2wKp4Y',
      creator: { '@type': 'Person', name: 'Inés Montaño' },
    })
    expect(list.itemListElement[1]).toMatchObject({
      position: 2,
      item: {
        '@type': 'ImageObject',
        creditText: 'Julia Ferrer',
        url: 'https://example.com/?media=band-rehearsal',
      },
    })
  })
})

describe('CMS URLs in the structured data', () => {
  it('never carry javascript: or data: URLs', () => {
    const hostile = {
      ...settings,
      socialLinks: [
        { _key: 'a', platform: 'instagram', url: 'javascript:alert(1)' },
        { _key: 'b', platform: 'facebook', url: 'data:text/html,<script>alert(1)</script>' },
        { _key: 'c', platform: 'youtube', url: 'https://www.youtube.com/@band' },
      ],
    } as unknown as SiteSettings
    const events = listEvents(
      [event({ _id: 'x', ticketUrl: 'javascript:alert(document.domain)' })],
      new Date('2025-10-01T19:00:00Z'),
    )
    const data = buildHomeJsonLd({
      settings: hostile,
      events,
      media: [{ ...media[0]!, kind: 'video', videoUrl: 'data:video/mp4;base64,AAAA' }] as GalleryItem[],
      homeUrl: 'https://example.com/',
      imageUrl: createImageUrlFactory({
        projectId: 'local',
        dataset: 'production',
        assetBaseUrl: '/content',
      }),
      absolute: (p: string) => new URL(p, 'https://example.com').toString(),
    })
    const json = JSON.stringify(data)
    expect(json).not.toMatch(/javascript:|data:/)
    expect(json).toContain('"sameAs":["https://www.youtube.com/@band"]')
    // The offer falls back to the show's page when its ticket link is refused.
    expect(json).toContain('"url":"https://example.com/shows/e"')
  })
})
