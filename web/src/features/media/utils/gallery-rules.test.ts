import { describe, expect, it } from 'vitest'
import { messages as english } from '../../../lib/i18n/messages/en'
import { messages as spanish } from '../../../lib/i18n/messages/es'
import {
  classifySwipe,
  creditLine,
  mediaAlt,
  mediaCaption,
  mediaParamAction,
  readMediaParam,
  withMediaParam,
  wrapIndex,
  youtubeEmbedUrl,
  youtubeThumbnailUrl,
} from './gallery-rules'

const en = english.media
const es = spanish.media

describe('classifySwipe', () => {
  it('left is next, right is previous, from 30 px however slow', () => {
    expect(classifySwipe({ dx: -30, dy: 0, dt: 5000 })).toBe('next')
    expect(classifySwipe({ dx: 30, dy: 4, dt: 5000 })).toBe('previous')
    expect(classifySwipe({ dx: -29, dy: 0, dt: 5000 })).toBeNull()
  })

  it('counts a short flick from 0.3 px/ms', () => {
    expect(classifySwipe({ dx: -15, dy: 0, dt: 50 })).toBe('next') // 0.3 px/ms
    expect(classifySwipe({ dx: 15, dy: 0, dt: 49 })).toBe('previous')
    expect(classifySwipe({ dx: -15, dy: 0, dt: 51 })).toBeNull()
    // An instant event pair still has a speed (dt is at least 1 ms).
    expect(classifySwipe({ dx: -20, dy: 0, dt: 0 })).toBe('next')
  })

  it('ignores taps that wobble and mostly vertical movement', () => {
    expect(classifySwipe({ dx: -4, dy: 0, dt: 2 })).toBeNull()
    expect(classifySwipe({ dx: 0, dy: 0, dt: 10 })).toBeNull()
    expect(classifySwipe({ dx: -60, dy: 80, dt: 100 })).toBeNull()
    expect(classifySwipe({ dx: -60, dy: -60, dt: 100 })).toBeNull()
  })
})

describe('wrapIndex', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(-1, 16)).toBe(15)
    expect(wrapIndex(16, 16)).toBe(0)
    expect(wrapIndex(5, 16)).toBe(5)
    expect(wrapIndex(-17, 16)).toBe(15)
    expect(wrapIndex(3, 0)).toBe(0)
  })
})

describe('captions', () => {
  it('falls back to "{bandName} {kind} {n} of {total}"', () => {
    expect(en.fallbackCaption('Los Forasteros', 'youtube', 1, 16)).toBe('Los Forasteros youtube 1 of 16')
    expect(mediaCaption({ kind: 'image', caption: '  ' }, 'Los Forasteros', 15, 16, en)).toBe(
      'Los Forasteros image 16 of 16',
    )
    expect(mediaCaption({ kind: 'image', caption: 'On stage' }, 'X', 0, 1, en)).toBe('On stage')
    expect(mediaCaption({ kind: null }, 'X', 1, 2, en)).toBe('X media 2 of 2')
  })

  it('prefers alt text for the picture, then the caption', () => {
    expect(mediaAlt({ kind: 'image', alt: 'Three musicians', caption: 'On stage' }, 'X', 0, 1, en)).toBe(
      'Three musicians',
    )
    expect(mediaAlt({ kind: 'image', caption: 'On stage' }, 'X', 0, 1, en)).toBe('On stage')
  })

  it('adds a credit line unless the caption already names them', () => {
    expect(
      creditLine({ kind: 'image', caption: 'On stage. Photo by Julia Ferrer.', credit: 'Julia Ferrer' }, en),
    ).toBeNull()
    expect(creditLine({ kind: 'image', caption: 'On stage', credit: 'Julia Ferrer' }, en)).toBe(
      'Photo: Julia Ferrer',
    )
    expect(creditLine({ kind: 'youtube', credit: 'Diego Salcedo' }, en)).toBe('Video: Diego Salcedo')
    expect(creditLine({ kind: 'image' }, en)).toBeNull()
    // An editor who types the prefix gets it once.
    expect(creditLine({ kind: 'image', credit: 'Photo: Ana Ruiz' }, en)).toBe('Photo: Ana Ruiz')
  })

  it('writes the fallback and the credit in Spanish on a Spanish page', () => {
    expect(mediaCaption({ kind: 'image' }, 'Los Forasteros', 15, 16, es)).toBe(
      'Los Forasteros, foto 16 de 16',
    )
    expect(mediaCaption({ kind: 'youtube' }, 'Los Forasteros', 0, 2, es)).toBe('Los Forasteros, video 1 de 2')
    expect(mediaCaption({ kind: null }, 'X', 1, 2, es)).toBe('X, archivo 2 de 2')
    expect(creditLine({ kind: 'image', credit: 'Julia Ferrer' }, es)).toBe('Foto: Julia Ferrer')
    expect(creditLine({ kind: 'image', credit: 'Foto: Ana Ruiz' }, es)).toBe('Foto: Ana Ruiz')
  })
})

describe('media parameter', () => {
  it('reads and writes ?media= keeping other parameters', () => {
    expect(readMediaParam('?media=la-bamba&x=1')).toBe('la-bamba')
    expect(readMediaParam('?media=')).toBeNull()
    expect(readMediaParam('')).toBeNull()
    expect(withMediaParam('?x=1', 'la-bamba')).toBe('?x=1&media=la-bamba')
    expect(withMediaParam('?media=a', 'b')).toBe('?media=b')
    expect(withMediaParam('?media=a&x=1', null)).toBe('?x=1')
    expect(withMediaParam('?media=a', null)).toBe('')
  })

  it('turns URL changes into open, close, nothing, or an unknown slug', () => {
    const slugs = ['a', 'b', null, 'c']
    expect(mediaParamAction('b', null, slugs)).toEqual({ type: 'open', index: 1 })
    expect(mediaParamAction('c', 'b', slugs)).toEqual({ type: 'open', index: 3 })
    expect(mediaParamAction(null, 'b', slugs)).toEqual({ type: 'close' })
    expect(mediaParamAction('b', 'b', slugs)).toEqual({ type: 'none' })
    expect(mediaParamAction(null, null, slugs)).toEqual({ type: 'none' })
    expect(mediaParamAction('zzz', null, slugs)).toEqual({ type: 'unknown', slug: 'zzz' })
  })
})

describe('YouTube URLs', () => {
  it('embeds from the privacy-enhanced domain with autoplay, thumbnails from i.ytimg.com', () => {
    expect(youtubeEmbedUrl('abc')).toBe(
      'https://www.youtube-nocookie.com/embed/abc?rel=0&playsinline=1&modestbranding=1&autoplay=1',
    )
    expect(youtubeEmbedUrl('abc', { autoplay: false })).not.toContain('autoplay')
    expect(youtubeThumbnailUrl('abc')).toBe('https://i.ytimg.com/vi/abc/hqdefault.jpg')
  })
})
