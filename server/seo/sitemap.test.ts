import { describe, expect, it } from 'vitest'
import { buildRobotsTxt } from './robots'
import { buildSitemap } from './sitemap'

describe('buildSitemap', () => {
  it('lists each URL with its lastmod as a W3C datetime', () => {
    const xml = buildSitemap([
      { loc: 'https://band.example/' },
      { loc: 'https://band.example/news', lastmod: '2025-08-15T17:00:00Z' },
      { loc: 'https://band.example/news/a?b=1&c=2', lastmod: 'not a date' },
    ])
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://band.example/</loc></url>',
        '  <url><loc>https://band.example/news</loc><lastmod>2025-08-15T17:00:00.000Z</lastmod></url>',
        '  <url><loc>https://band.example/news/a?b=1&amp;c=2</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    )
  })
})

describe('buildRobotsTxt', () => {
  it('keeps crawlers out of the Studio and the APIs and names the sitemap absolutely', () => {
    const txt = buildRobotsTxt('https://band.example')
    expect(txt).toContain('User-agent: *\n')
    expect(txt).toContain('Disallow: /admin\n')
    expect(txt).toContain('Disallow: /api/\n')
    expect(txt).toContain('Sitemap: https://band.example/sitemap.xml\n')
  })
})
