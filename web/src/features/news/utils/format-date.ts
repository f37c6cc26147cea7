import { dayDate } from '../../../lib/i18n/formatters-contract'
import type { Locale } from '../../../lib/i18n/locale-contract'

/**
 * Dates show in the band's home time zone, not the reader's, so the server and the browser render the
 * same text (no hydration mismatch) and a post dated "August 15" says so everywhere.
 */
const BAND_TIME_ZONE = 'America/Los_Angeles'

export function formatPostDate(iso: string, locale: Locale = 'en'): string {
  // The formatter is built at the first date (shared cache), not when the news chunk loads: in the browser that
  // is during hydration, once ICU's data is loaded (hydrate-app.tsx), where the chunk may load before.
  return dayDate(new Date(iso), BAND_TIME_ZONE, locale)
}
