import { describe, expect, it } from 'vitest'
import { buildRobotsTxt } from './robots'
import { buildSitemap } from './sitemap'

const absolute = (path: string) => new URL(path, 'https://band.example').href

describe('buildSitemap', () => {
  it('lists each page in both languages with its lastmod as a W3C datetime and its alternates', () => {
    const xml = buildSitemap(
      [
        { path: '/' },
        { path: '/news', lastmod: '2025-08-15T17:00:00Z' },
        { path: '/news/a?b=1&c=2', lastmod: 'not a date' },
      ],
      absolute,
    )
    const alternates = (en: string, es: string) =>
      `<xhtml:link rel="alternate" hreflang="en" href="https://band.example${en}"/>` +
      `<xhtml:link rel="alternate" hreflang="es" href="https://band.example${es}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="https://band.example${en}"/>`
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
        `  <url><loc>https://band.example/</loc>${alternates('/', '/es')}</url>`,
        `  <url><loc>https://band.example/es</loc>${alternates('/', '/es')}</url>`,
        `  <url><loc>https://band.example/news</loc><lastmod>2025-08-15T17:00:00.000Z</lastmod>${alternates('/news', '/es/news')}</url>`,
        `  <url><loc>https://band.example/es/news</loc><lastmod>2025-08-15T17:00:00.000Z</lastmod>${alternates('/news', '/es/news')}</url>`,
        `  <url><loc>https://band.example/news/a?b=1&amp;c=2</loc>${alternates('/news/a?b=1&amp;c=2', '/es/news/a?b=1&amp;c=2')}</url>`,
        `  <url><loc>https://band.example/es/news/a?b=1&amp;c=2</loc>${alternates('/news/a?b=1&amp;c=2', '/es/news/a?b=1&amp;c=2')}</url>`,
        '</urlset>',
        '',
      ].join('\n'),
    )
  })

  it('names only the translations a page has, at their own paths', () => {
    const xml = buildSitemap(
      [
        { path: '/news/only-english', translations: { es: null } },
        { path: '/news/hola', translations: { en: null } },
        { path: '/news/hello', translations: { es: '/news/hola-amigos' } },
      ],
      absolute,
    )
    const urls = xml.split('\n').filter((line) => line.includes('<url>'))
    expect(urls[0]).toBe('  <url><loc>https://band.example/news/only-english</loc></url>')
    expect(urls[1]).toBe('  <url><loc>https://band.example/es/news/hola</loc></url>')
    expect(urls[2]).toContain('<loc>https://band.example/news/hello</loc>')
    expect(urls[2]).toContain('hreflang="es" href="https://band.example/es/news/hola-amigos"')
    expect(urls[3]).toContain('<loc>https://band.example/es/news/hola-amigos</loc>')
    expect(urls[3]).toContain('hreflang="x-default" href="https://band.example/news/hello"')
    expect(urls).toHaveLength(4)
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
