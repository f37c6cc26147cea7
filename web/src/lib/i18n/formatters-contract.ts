import { INTL_TAGS, USUAL_CURRENCY, type Locale } from './locale-contract'

/**
 * The one cache of Intl formatters, shared by every page and mail: building a formatter costs more than using
 * it many times, so each (tag, time zone, style) and each (tag, currency) is built once per process or page.
 */
const DATE_STYLES = {
  /** Numeric parts with the UTC offset: calendar keys and ISO times. */
  parts: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  },
  short: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { dateStyle: 'full' },
  /** Without the weekday: a news post's date. */
  day: { dateStyle: 'long' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof DATE_STYLES

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** Throws RangeError for a time zone Intl does not know, as the constructor does. */
export function dateFormat(tag: string, timeZone: string, style: DateStyle): Intl.DateTimeFormat {
  const key = `${tag} ${timeZone} ${style}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(tag, { ...DATE_STYLES[style], timeZone })
    dateFormats.set(key, format)
  }
  return format
}

/** The wall clock's hour (0-23) and minute of the instant in `timeZone`. */
function clockOf(instant: Date, timeZone: string): [number, number] {
  const parts = dateFormat('en-US', timeZone, 'parts').formatToParts(instant)
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return [value('hour'), value('minute')]
}

/**
 * `7:00 PM` / `7:00 p.m.` in the zone. Built from the numeric parts rather than Intl's time style, whose spacing
 * (U+202F or U+00A0 before the day period) differs between ICU versions, i.e. between the server's Node and a
 * visitor's browser.
 */
export function clockLabel(instant: Date, timeZone: string, locale: Locale): string {
  const [hour, minute] = clockOf(instant, timeZone)
  const hour12 = hour % 12 === 0 ? 12 : hour % 12
  const period = locale === 'es' ? (hour < 12 ? 'a.m.' : 'p.m.') : hour < 12 ? 'AM' : 'PM'
  return `${hour12}:${String(minute).padStart(2, '0')} ${period}`
}

/** `Saturday, November 8, 2025` / `sábado, 8 de noviembre de 2025`, in the zone. */
export function longDate(instant: Date, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_TAGS[locale], timeZone, 'long').format(instant)
}

/** `August 15, 2025` / `15 de agosto de 2025`, in the zone. */
export function dayDate(instant: Date, timeZone: string, locale: Locale): string {
  return dateFormat(INTL_TAGS[locale], timeZone, 'day').format(instant)
}

/**
 * A show's start as the venue's clock shows it: `Saturday, November 8, 2025 at 7:00 PM` /
 * `sábado, 8 de noviembre de 2025, 7:00 p.m.`.
 */
export function showDateTime(instant: Date, timeZone: string, locale: Locale): string {
  const joiner = locale === 'es' ? ', ' : ' at '
  return `${longDate(instant, timeZone, locale)}${joiner}${clockLabel(instant, timeZone, locale)}`
}

const moneyFormats = new Map<string, Intl.NumberFormat | null>()

/** null for a currency code Intl does not know. */
function moneyFormat(tag: string, currency: string): Intl.NumberFormat | null {
  const key = `${tag} ${currency}`
  let format = moneyFormats.get(key)
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
    } catch {
      format = null
    }
    moneyFormats.set(key, format)
  }
  return format
}

/**
 * `$45.00` in the reader's usual currency; any other is named after the amount, as prices are written in Mexico
 * and the US Southwest: `$450.00 MXN` on an English page, `$25.00 USD` on a Spanish one. null for an unknown code.
 */
export function moneyLabel(amount: number, currency: string, locale: Locale): string | null {
  const code = currency.toUpperCase()
  // Plain spaces: ICU versions differ in the no-break space they put between a code and the amount.
  const formatted = moneyFormat(INTL_TAGS[locale], code)
    ?.format(amount)
    .replace(/[\u00a0\u202f]/g, ' ')
  if (formatted === undefined) return null
  // A currency without a narrow symbol (CHF) is already written as its code.
  return code === USUAL_CURRENCY[locale] || formatted.includes(code) ? formatted : `${formatted} ${code}`
}
