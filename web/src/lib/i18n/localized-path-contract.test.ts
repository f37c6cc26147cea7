import { describe, expect, it } from 'vitest'
import { localeOfPath, localizedPath, pathWithoutLocale } from './localized-path-contract'

describe('Spanish addresses', () => {
  it('are the ones under /es, in any letter case', () => {
    for (const path of ['/es', '/es/', '/es/news', '/ES/news/x', '/es?media=a'])
      expect(localeOfPath(path), path).toBe('es')
    for (const path of ['/', '/news', '/espanol', '/est/x', '/news/es'])
      expect(localeOfPath(path), path).toBe('en')
  })

  it('put a route table path under /es, the home page at /es, and take it off again', () => {
    expect(localizedPath('es', '/')).toBe('/es')
    expect(localizedPath('es', '/news?page=2')).toBe('/es/news?page=2')
    expect(localizedPath('es', '/?media=a')).toBe('/es?media=a')
    expect(localizedPath('es', '/#events')).toBe('/es#events')
    expect(localizedPath('en', '/news')).toBe('/news')
    expect(pathWithoutLocale('/es')).toBe('/')
    expect(pathWithoutLocale('/es/news/x')).toBe('/news/x')
    expect(pathWithoutLocale('/es?media=a')).toBe('/?media=a')
    expect(pathWithoutLocale('/news')).toBe('/news')
  })
})
