/**
 * The site's languages, shared by the web app and the server (mail, newsletter pages) as a -contract module
 * (ADR 074), so both format a date or a price the same way. How the languages are carried: ADR 193.
 */
export const LOCALES = ['en', 'es'] as const
export type Locale = (typeof LOCALES)[number]

export const DEFAULT_LOCALE: Locale = 'en'

/**
 * The BCP 47 tag handed to Intl. Spanish is written for fans in Mexico and the US Southwest, so Mexican Spanish
 * (`p.m.`, `$` for pesos), not Spain's.
 */
export const INTL_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-MX' }

/** The currency a reader of the language expects; any other is named by its code beside the amount. */
export const USUAL_CURRENCY: Record<Locale, string> = { en: 'USD', es: 'MXN' }

export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
