import type { Locale } from '../../web/src/lib/i18n/locale-contract'

/** The news page of a language: /news, and /es/news for the Spanish posts (ADR 193). */
export const newsPath = (locale: Locale) => (locale === 'es' ? '/es/news' : '/news')

/** A post's address, under its own language's news page. */
export const postPath = (slug: string, locale: Locale) => `${newsPath(locale)}/${encodeURIComponent(slug)}`
