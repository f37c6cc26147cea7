import { describe, expect, it } from 'vitest'
import { newsPageCount, newsPagePath, parseNewsPage } from './news-paging'

describe('news paging', () => {
  it('reads ?page= as a plain positive integer, else null (a 404)', () => {
    expect(parseNewsPage(null)).toBe(1)
    expect(parseNewsPage('1')).toBe(1)
    expect(parseNewsPage('12')).toBe(12)
    for (const bad of ['0', '-1', '02', '2.0', 'abc', '', '1e3', '9999999'])
      expect(parseNewsPage(bad)).toBeNull()
  })

  it('has one address per page', () => {
    expect(newsPagePath(1)).toBe('/news')
    expect(newsPagePath(3)).toBe('/news?page=3')
  })

  it('counts pages of 12, at least one', () => {
    expect(newsPageCount(0)).toBe(1)
    expect(newsPageCount(12)).toBe(1)
    expect(newsPageCount(13)).toBe(2)
  })
})
