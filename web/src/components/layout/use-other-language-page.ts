import { useLocation } from 'react-router'
import { translatedPaths } from '../../app/page-translations'
import type { Translations } from '../../app/route-module'
import { localizedPath } from '../../lib/i18n/localized-path-contract'
import type { Locale } from '../../lib/i18n/locale-contract'
import { useHydrated } from '../../lib/first-load/use-hydrated'

/**
 * The address of the current page in `other` (ADR 194): the same path under the other language's prefix, or
 * where the page says its translation is, or that language's home page when the page has none. Once hydrated it
 * keeps the query and hash of a same-path translation; the server's HTML, the same for every visitor, names
 * the path alone (the browser's address may carry parameters the cached page was not rendered with).
 */
export function otherLanguageHref(
  translations: Translations,
  other: Locale,
  location: { pathname: string; search: string; hash: string },
  hydrated: boolean,
): string {
  const target = translatedPaths(translations, location.pathname)[other]
  if (target === null) return localizedPath(other, '/')
  const samePage = translations[other] === undefined
  return samePage && hydrated ? `${target}${location.search}${location.hash}` : target
}

export function useOtherLanguageHref(translations: Translations, other: Locale): string {
  return otherLanguageHref(translations, other, useLocation(), useHydrated())
}
