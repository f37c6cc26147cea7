import { describe, expect, it } from 'vitest'
import { eventPreviewSubtitle, eventPreviewTitle, eventSlugSource } from './documents/event'
import { mediaPreviewSubtitle } from './documents/media-item'
import { popupTimingSummary } from './singletons/newsletter-popup'
import { schemaTypes } from './index'

describe('previews', () => {
  it('shows an event as venue and city with its local date and status', () => {
    expect(eventPreviewTitle('The Arlington Theatre', 'Santa Barbara')).toBe(
      'The Arlington Theatre, Santa Barbara',
    )
    expect(eventPreviewTitle(undefined, undefined)).toBe('New event')
    // 03:00 UTC on Nov 7 is still Nov 6 in California.
    expect(eventPreviewSubtitle('2025-11-07T03:00:00Z', 'America/Los_Angeles', 'soldOut')).toBe(
      'Nov 6, 2025 · Sold out',
    )
    expect(eventPreviewSubtitle(undefined, undefined, 'onSale')).toBe('On sale')
  })
  it('generates the slug from the venue’s calendar date, venue and city', () => {
    const show = { venue: 'Foro', city: 'Ventura', timeZone: 'America/Los_Angeles' }
    // 20:00 in Ventura is 03:00 UTC the next day.
    expect(eventSlugSource({ ...show, startsAt: '2027-09-19T03:00:00.000Z' })).toBe('2027-09-18 Foro Ventura')
    expect(
      eventSlugSource({ ...show, startsAt: '2027-09-19T03:00:00.000Z', timeZone: 'Europe/Madrid' }),
    ).toBe('2027-09-19 Foro Ventura')
    expect(eventSlugSource({ ...show, startsAt: '2027-09-19T03:00:00.000Z', timeZone: 'Nowhere/Else' })).toBe(
      '2027-09-19 Foro Ventura',
    )
    expect(eventSlugSource({ venue: 'Foro' })).toBe('Foro')
  })
  it('shows the event’s address on the site once it has a slug', () => {
    expect(
      eventPreviewSubtitle('2025-11-07T03:00:00Z', 'America/Los_Angeles', 'soldOut', '2025-11-06-arlington'),
    ).toBe('Nov 6, 2025 · Sold out · /shows/2025-11-06-arlington')
    expect(eventPreviewSubtitle(undefined, undefined, undefined, 'x')).toBe('No date yet · /shows/x')
  })
  it('reads the newsletter popup’s timing back in seconds and pixels', () => {
    expect(popupTimingSummary(true, 12000, 100)).toBe('Opens after 12 s or 100 px of scrolling')
    expect(popupTimingSummary(undefined, 1500, 0)).toBe('Opens after 1.5 s or 0 px of scrolling')
    expect(popupTimingSummary(false, 12000, 100)).toBe('Opens only from the newsletter links')
  })
  it('shows a media item with its kind and slug', () => {
    expect(mediaPreviewSubtitle('image', 'band-rehearsal')).toBe('Photo · band-rehearsal')
    expect(mediaPreviewSubtitle('youtube')).toBe('YouTube video')
  })
})

describe('schema field names (docs/architecture.md §3; seed content and GROQ queries depend on them)', () => {
  const fieldsOf = (name: string) =>
    (schemaTypes.find((type) => type.name === name) as { fields: { name: string }[] }).fields.map(
      (f) => f.name,
    )

  it.each([
    [
      'siteSettings',
      [
        'bandName',
        'tagline',
        'description',
        'logo',
        'ogImage',
        'heroVideo',
        'heroPoster',
        'heroFallbackImage',
        'bandPhoto',
        'about',
        'bookingEmail',
        'socialLinks',
        'footerCopyright',
      ],
    ],
    [
      'event',
      [
        'slug',
        'startsAt',
        'timeZone',
        'venue',
        'city',
        'region',
        'country',
        'address',
        'status',
        'ticketUrl',
        'price',
        'currency',
        'doorsTime',
        'postalCode',
        'originalStartsAt',
        'notes',
        'setlist',
        'media',
        'area',
        'notifyFans',
      ],
    ],
    ['area', ['name', 'slug', 'country', 'regions', 'cities', 'centre', 'radiusKm']],
    ['mediaItem', ['slug', 'kind', 'youtubeId', 'image', 'videoFile', 'poster', 'caption', 'credit', 'alt']],
    ['gallery', ['items']],
    ['tourPromo', ['enabled', 'event', 'heading', 'youtubeId', 'thumbnail', 'body', 'ticketUrl']],
    ['newsletterPopup', ['enabled', 'title', 'text', 'delayMs', 'scrollThresholdPx']],
    [
      'newsPost',
      ['title', 'language', 'translation', 'slug', 'publishedAt', 'excerpt', 'coverImage', 'body'],
    ],
  ])('%s has exactly its fields', (name, fields) => {
    expect(fieldsOf(name).sort()).toEqual([...fields].sort())
  })
})
