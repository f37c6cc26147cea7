import { describe, expect, it } from 'vitest'
import { otherLanguageHref } from './use-other-language-page'

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash })
const hydrated = { params: ['page'], hydrated: true }

describe('otherLanguageHref', () => {
  it('leads to the same path in the other language, home to home', () => {
    expect(otherLanguageHref({}, 'es', at('/'), hydrated)).toBe('/es')
    expect(otherLanguageHref({}, 'es', at('/shows/past'), hydrated)).toBe('/es/shows/past')
    expect(otherLanguageHref({}, 'en', at('/shows/past'), hydrated)).toBe('/shows/past')
  })

  it('keeps the query parameters the page renders from, and the hash once hydrated', () => {
    const where = at('/news', '?utm_source=mail&page=2', '#top')
    expect(otherLanguageHref({}, 'es', where, hydrated)).toBe('/es/news?page=2#top')
    expect(otherLanguageHref({}, 'es', where, { params: ['page'], hydrated: false })).toBe('/es/news?page=2')
    expect(otherLanguageHref({}, 'en', at('/news', '?utm_source=mail'), hydrated)).toBe('/news')
    // A page rendered for each request renders from every parameter: the unsubscribe page's token goes along.
    const unsubscribe = at('/newsletter/unsubscribe', '?token=abc')
    expect(otherLanguageHref({}, 'es', unsubscribe, { params: 'all', hydrated: false })).toBe(
      '/es/newsletter/unsubscribe?token=abc',
    )
  })

  it('follows a translation at another path, and leads home where there is none', () => {
    const where = at('/news/hello', '?page=2', '#top')
    expect(otherLanguageHref({ es: '/news/hola' }, 'es', where, hydrated)).toBe('/es/news/hola')
    expect(otherLanguageHref({ es: null }, 'es', where, hydrated)).toBe('/es')
    expect(otherLanguageHref({ en: null }, 'en', where, hydrated)).toBe('/')
  })
})
