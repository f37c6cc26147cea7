import { DEFAULT_LOCALE, type Locale } from './locale-contract'

/** The language an address is in: Spanish under `/es/`, English elsewhere (ADR 193). */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/es' || pathname.startsWith('/es/') ? 'es' : DEFAULT_LOCALE
}
