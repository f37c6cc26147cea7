import { DEFAULT_LOCALE, LOCALES } from '../../web/src/lib/i18n/locale-contract'
import { translatedPaths, type Translations } from '../../web/src/lib/i18n/translations-contract'
import { escapeXml } from './xml'

export type SitemapEntry = {
  /** The page's path as the route table spells it (`/news/<slug>`), without a language's prefix. */
  path: string
  /** ISO time of the last change, when known. */
  lastmod?: string | null
  /** Where the page is in each language, as pages say it (ADR 194); unset: every language, same path. */
  translations?: Translations
}

/** Each language's address of a page that has several, `x-default` at the English one: its `xhtml:link`s. */
function alternatesOf(paths: ReturnType<typeof translatedPaths>, absolute: (path: string) => string): string {
  const existing = LOCALES.filter((locale) => paths[locale] !== null)
  if (existing.length < 2) return ''
  const fallback = paths[DEFAULT_LOCALE]
  const links = [
    ...existing.map((locale) => [locale, paths[locale]!] as const),
    ...(fallback ? [['x-default', fallback] as const] : []),
  ]
  return links
    .map(
      ([hreflang, path]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(absolute(path))}"/>`,
    )
    .join('')
}

/**
 * A sitemaps.org urlset with one `<url>` per page and language, each naming the page's other languages
 * (`xhtml:link` alternates, as its `hreflang` links do). `lastmod` is written as W3C datetime (ISO 8601, UTC).
 */
export function buildSitemap(entries: SitemapEntry[], absolute: (path: string) => string): string {
  const urls = entries.flatMap(({ path, lastmod, translations = {} }) => {
    const date = lastmod ? new Date(lastmod) : null
    const modified = date && !Number.isNaN(date.getTime()) ? `<lastmod>${date.toISOString()}</lastmod>` : ''
    const paths = translatedPaths(translations, path)
    const alternates = alternatesOf(paths, absolute)
    return LOCALES.flatMap((locale) => {
      const own = paths[locale]
      return own === null
        ? []
        : [`  <url><loc>${escapeXml(absolute(own))}</loc>${modified}${alternates}</url>`]
    })
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}
