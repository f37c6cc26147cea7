import { escapeXml } from './xml'

export type SitemapEntry = {
  /** Absolute URL. */
  loc: string
  /** ISO time of the last change, when known. */
  lastmod?: string | null
}

/** A sitemaps.org urlset. `lastmod` is written as W3C datetime (ISO 8601, UTC). */
export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const date = lastmod ? new Date(lastmod) : null
    const modified = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
