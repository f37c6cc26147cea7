import { DEFAULT_LOCALE, type Locale } from './locale-contract'

/**
 * Where a language's pages live (ADR 193, ADR 194): English at the root, Spanish under `/es`. Shared by the web
 * app and the server (the newsletter's mail links), so both spell a Spanish address the same way.
 */
export const LOCALE_BASENAME: Record<Locale, string> = { en: '/', es: '/es' }

const SPANISH_PREFIX = /^\/es(?=[/?#]|$)/i

/** The language an address is in: Spanish under `/es/` (any letter case), English elsewhere. */
export function localeOfPath(pathname: string): Locale {
  return SPANISH_PREFIX.test(pathname) ? 'es' : DEFAULT_LOCALE
}

/** The address without its language prefix, as the route table spells it: `/es/news` is `/news`, `/es` is `/`. */
export function pathWithoutLocale(pathname: string): string {
  const rest = pathname.replace(SPANISH_PREFIX, '')
  return rest.startsWith('/') ? rest : `/${rest}`
}

/**
 * A route table path (`/news?page=2`, `/#events`) in `locale`: `/news` is `/es/news` in Spanish, and the home
 * page `/` is `/es`.
 */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path
  const prefix = LOCALE_BASENAME[locale]
  const [pathname = '/', rest = ''] = /^([^?#]*)(.*)$/.exec(path)?.slice(1) ?? []
  return `${pathname === '/' || pathname === '' ? prefix : prefix + pathname}${rest}`
}
