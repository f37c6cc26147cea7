import { describe, expect, it } from 'vitest'
import { eventPreviewSubtitle, eventPreviewTitle } from './documents/event'
import { mediaPreviewSubtitle } from './documents/media-item'
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
  it('shows a media item with its kind and slug', () => {
    expect(mediaPreviewSubtitle('image', 'band-rehearsal')).toBe('Photo · band-rehearsal')
    expect(mediaPreviewSubtitle('youtube')).toBe('YouTube video')
  })
})

describe('schema field names (DESIGN §3; seed content and GROQ queries depend on them)', () => {
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
        'siteUrl',
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
      ],
    ],
    ['mediaItem', ['slug', 'kind', 'youtubeId', 'image', 'videoFile', 'poster', 'caption', 'credit', 'alt']],
    ['gallery', ['items']],
    ['tourPromo', ['enabled', 'event', 'heading', 'youtubeId', 'thumbnail', 'body', 'ticketUrl']],
    ['newsletterPopup', ['enabled', 'title', 'text', 'delayMs', 'scrollThresholdPx']],
    ['newsPost', ['title', 'slug', 'publishedAt', 'excerpt', 'coverImage', 'body']],
  ])('%s has exactly its fields', (name, fields) => {
    expect(fieldsOf(name).sort()).toEqual([...fields].sort())
  })
})
