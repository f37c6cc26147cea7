import { describe, expect, it } from 'vitest'
import {
  validateDoorsTime,
  validateOriginalStart,
  validateShowSlug,
  validateAlt,
  validateCredit,
  validatePhotoCredit,
  validateCurrency,
  validateHttpUrl,
  validateMediaSource,
  validateTimeZone,
  validateUniqueReferences,
  validateYouTubeId,
  youTubeIdFromUrl,
} from './validation'
import { enabledPromoNeedsHeading, enabledPromoNeedsShow } from './singletons/tour-promo'

describe('validateYouTubeId', () => {
  it('accepts 11-character ids and empty values', () => {
    expect(validateYouTubeId('dQw4w9WgXcQ')).toBe(true)
    expect(validateYouTubeId('a-b_c1234XY')).toBe(true)
    expect(validateYouTubeId(undefined)).toBe(true)
    expect(validateYouTubeId('')).toBe(true)
  })
  it('rejects other lengths and characters', () => {
    expect(validateYouTubeId('dQw4w9WgXc')).toMatch(/11 letters/)
    expect(validateYouTubeId('dQw4w9WgXcQQ')).toMatch(/11 letters/)
    expect(validateYouTubeId('dQw4w9WgX!Q')).toMatch(/11 letters/)
  })
  it('tells the editor which id a pasted URL contains', () => {
    expect(validateYouTubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe(
      'Paste only the video id: dQw4w9WgXcQ',
    )
    expect(youTubeIdFromUrl('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeIdFromUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeIdFromUrl('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ')
    expect(youTubeIdFromUrl('https://vimeo.com/123')).toBeUndefined()
    expect(youTubeIdFromUrl('not a url')).toBeUndefined()
  })
})

describe('validateHttpUrl', () => {
  it('accepts http(s) URLs with a domain, and empty values', () => {
    expect(validateHttpUrl('https://tickets.example.com/los-forasteros')).toBe(true)
    expect(validateHttpUrl('http://example.com')).toBe(true)
    expect(validateHttpUrl(undefined)).toBe(true)
  })
  it('rejects other schemes, relative paths and bare hosts', () => {
    expect(validateHttpUrl('javascript:alert(1)')).toMatch(/https:\/\//)
    expect(validateHttpUrl('ftp://example.com')).toMatch(/https:\/\//)
    expect(validateHttpUrl('/tickets')).toMatch(/full address/)
    expect(validateHttpUrl('https://tickets')).toMatch(/domain/)
  })
})

describe('validateTimeZone and validateCurrency', () => {
  it('accepts IANA zones and ISO currency codes', () => {
    expect(validateTimeZone('America/Los_Angeles')).toBe(true)
    expect(validateTimeZone('Europe/Madrid')).toBe(true)
    expect(validateCurrency('USD')).toBe(true)
  })
  it('rejects made-up zones and codes', () => {
    expect(validateTimeZone('Pacific Time')).toMatch(/America\/Los_Angeles/)
    expect(validateCurrency('usd')).toMatch(/three-letter/)
    expect(validateCurrency('$')).toMatch(/three-letter/)
  })
})

describe('gallery and media item rules', () => {
  it('rejects a media item listed twice in the gallery', () => {
    expect(validateUniqueReferences([{ _ref: 'a' }, { _ref: 'b' }])).toBe(true)
    expect(validateUniqueReferences([{ _ref: 'a' }, { _ref: 'a' }])).toMatch(/twice/)
    expect(validateUniqueReferences(undefined)).toBe(true)
  })
  it('requires the source that matches the kind', () => {
    expect(validateMediaSource({ kind: 'youtube', youtubeId: 'dQw4w9WgXcQ' })).toBe(true)
    expect(validateMediaSource({ kind: 'youtube' })).toMatch(/video id/)
    expect(validateMediaSource({ kind: 'image', image: { asset: { _ref: 'image-1' } } })).toBe(true)
    expect(validateMediaSource({ kind: 'image', image: {} })).toMatch(/uploaded image/)
    expect(validateMediaSource({ kind: 'video' })).toMatch(/video file/)
  })
  it('requires a credit for photos and video files but not for YouTube videos', () => {
    expect(validateCredit(undefined, { kind: 'image' })).toMatch(/photographer/)
    expect(validateCredit('  ', { kind: 'video' })).toMatch(/photographer/)
    expect(validateCredit('Photo: Ana Ruiz', { kind: 'image' })).toBe(true)
    expect(validateCredit(undefined, { kind: 'youtube' })).toBe(true)
  })
  it('requires the photographer of a band photo or news cover once it has a picture', () => {
    expect(validatePhotoCredit(undefined, true)).toMatch(/photographer/)
    expect(validatePhotoCredit(' ', true)).toMatch(/photographer/)
    expect(validatePhotoCredit('Ana Ruiz', true)).toBe(true)
    expect(validatePhotoCredit(undefined, false)).toBe(true)
  })
  it('requires alt text only where there is a picture', () => {
    expect(validateAlt(undefined, true)).toMatch(/Describe/)
    expect(validateAlt('Band on stage at dusk', true)).toBe(true)
    expect(validateAlt(undefined, false)).toBe(true)
  })
})

describe('event rules for the show pages', () => {
  const show = { startsAt: '2025-11-07T03:00:00Z', timeZone: 'America/Los_Angeles', status: 'onSale' }

  it('takes doors as HH:MM, no later than the show in the venue’s time', () => {
    expect(validateDoorsTime(undefined, show)).toBe(true)
    expect(validateDoorsTime('18:00', show)).toBe(true)
    expect(validateDoorsTime('19:00', show)).toBe(true)
    expect(validateDoorsTime('19:30', show)).toBe('Doors must open before the show starts (19:00)')
    expect(validateDoorsTime('6pm', show)).toBe('Write the time as HH:MM on the 24-hour clock, e.g. 18:30')
    expect(validateDoorsTime('24:00', show)).toMatch(/HH:MM/)
    // Without a date yet, only the format is checked.
    expect(validateDoorsTime('23:00', {})).toBe(true)
  })

  it('keeps an original date for postponed shows only, different from the new one', () => {
    expect(validateOriginalStart(undefined, show)).toBe(true)
    expect(validateOriginalStart('2025-10-01T02:00:00Z', show)).toBe(
      'Only a postponed show has an original date; clear it',
    )
    expect(validateOriginalStart('2025-10-01T02:00:00Z', { ...show, status: 'postponed' })).toBe(true)
    expect(validateOriginalStart(show.startsAt, { ...show, status: 'postponed' })).toBe(
      'The new date must differ from the original one',
    )
  })

  it('keeps show slugs to address-safe words, never "past"', () => {
    expect(validateShowSlug({ current: '2025-11-06-arlington-theatre-santa-barbara' })).toBe(true)
    expect(validateShowSlug(undefined)).toBe(true)
    expect(validateShowSlug({ current: 'past' })).toMatch(/past shows page/)
    expect(validateShowSlug({ current: 'Arlington.ics' })).toMatch(/lower-case/)
    expect(validateShowSlug({ current: 'a--b' })).toMatch(/lower-case/)
  })
})

describe('tour promo', () => {
  it('needs its show and a heading only when switched on', () => {
    const on = { document: { enabled: true } }
    expect(enabledPromoNeedsShow(undefined, on)).toMatch(/needs its show/)
    expect(enabledPromoNeedsShow({ _ref: 'event-1' }, on)).toBe(true)
    expect(enabledPromoNeedsShow(undefined, { document: { enabled: false } })).toBe(true)
    expect(enabledPromoNeedsHeading('', on)).toMatch(/needs a heading/)
  })
})
