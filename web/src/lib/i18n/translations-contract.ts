import { LOCALES, type Locale } from './locale-contract'
import { localizedPath } from './localized-path-contract'

/**
 * A page's addresses per language, as route table paths (`/news/other-slug`, no `/es` prefix): `null` says the
 * page has no translation in that language; a language left out has its page at the same path (ADR 194). The
 * pages say it (route-module.ts `useTranslations`), the sitemap too, so both name the same alternates.
 */
export type Translations = Partial<Record<Locale, string | null>>

/** The page's address (with its language's prefix) in each language where it exists, `null` where it does not. */
export function translatedPaths(translations: Translations, samePath: string): Record<Locale, string | null> {
  const paths = Object.fromEntries(
    LOCALES.map((locale) => {
      const path = translations[locale]
      return [locale, path === null ? null : localizedPath(locale, path ?? samePath)]
    }),
  )
  return paths as Record<Locale, string | null>
}
