import { useLocation } from 'react-router'
import { translatedPaths, usePageParams } from '../../lib/i18n/page-translations'
import type { Translations } from '../../lib/i18n/translations-contract'
import { localizedPath } from '../../lib/i18n/localized-path-contract'
import type { Locale } from '../../lib/i18n/locale-contract'
import { useHydrated } from '../../lib/first-load/use-hydrated'

type Where = { pathname: string; search: string; hash: string }

/** The query parameters the page renders from (`?page=2`), in their order; others (`utm_*`) stay behind. */
function keptQuery(search: string, params: string[] | 'all'): string {
  const kept = [...new URLSearchParams(search)].filter(([name]) => params === 'all' || params.includes(name))
  return kept.length > 0 ? `?${new URLSearchParams(kept).toString()}` : ''
}

/**
 * The address of the current page in `other` (ADR 194): the same path under the other language's prefix, or
 * where the page says its translation is, or that language's home page when the page has none. A same-path
 * translation keeps the query parameters the page renders from (`?page=2`, as the page cache does, so both
 * renders write the same link) and, once hydrated, the hash, which the server never sees.
 */
export function otherLanguageHref(
  translations: Translations,
  other: Locale,
  { pathname, search, hash }: Where,
  { params, hydrated }: { params: string[] | 'all'; hydrated: boolean },
): string {
  const target = translatedPaths(translations, pathname)[other]
  if (target === null) return localizedPath(other, '/')
  if (translations[other] !== undefined) return target
  return `${target}${keptQuery(search, params)}${hydrated ? hash : ''}`
}

export function useOtherLanguageHref(translations: Translations, other: Locale): string {
  const params = usePageParams()
  return otherLanguageHref(translations, other, useLocation(), { params, hydrated: useHydrated() })
}
