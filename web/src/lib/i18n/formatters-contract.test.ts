import { describe, expect, it } from 'vitest'
import { clockLabel, dayDate, longDate, moneyLabel, showDateTime } from './formatters-contract'
import { INTL_TAGS, isLocale } from './locale-contract'

// 7:00 p.m. in Los Angeles on Saturday 8 November 2025 (PST, UTC-8).
const SHOW = new Date('2025-11-09T03:00:00Z')
const LA = 'America/Los_Angeles'

/** Fails on the narrow or no-break spaces some ICU versions put before the day period. */
const plainSpaces = (text: string) => expect(text).not.toMatch(/[\u00a0\u202f]/)

describe('locale formatters', () => {
  it('writes a show in Spanish in the venue time zone, Mexican style', () => {
    const text = showDateTime(SHOW, LA, 'es')
    expect(text).toBe('sábado, 8 de noviembre de 2025, 7:00 p.m.')
    plainSpaces(text)
    expect(showDateTime(SHOW, 'America/Mexico_City', 'es')).toBe('sábado, 8 de noviembre de 2025, 9:00 p.m.')
    expect(clockLabel(new Date('2025-11-08T17:05:00Z'), LA, 'es')).toBe('9:05 a.m.')
    expect(clockLabel(new Date('2025-11-08T08:00:00Z'), LA, 'es')).toBe('12:00 a.m.')
  })

  it('writes the same show in English as before', () => {
    const text = showDateTime(SHOW, LA, 'en')
    expect(text).toBe('Saturday, November 8, 2025 at 7:00 PM')
    plainSpaces(text)
    expect(longDate(SHOW, 'Europe/Madrid', 'en')).toBe('Sunday, November 9, 2025')
  })

  it('writes a news post date in either language', () => {
    expect(dayDate(SHOW, LA, 'en')).toBe('November 8, 2025')
    expect(dayDate(SHOW, LA, 'es')).toBe('8 de noviembre de 2025')
  })

  it('names the currency only when it is not the page language usual one', () => {
    expect(moneyLabel(45, 'USD', 'en')).toBe('$45.00')
    expect(moneyLabel(450, 'MXN', 'en')).toBe('$450.00 MXN')
    expect(moneyLabel(450, 'mxn', 'es')).toBe('$450.00')
    expect(moneyLabel(25, 'USD', 'es')).toBe('$25.00 USD')
    expect(moneyLabel(1250.5, 'MXN', 'es')).toBe('$1,250.50')
    expect(moneyLabel(10, 'CHF', 'en')).toBe('CHF 10.00')
    expect(moneyLabel(10, 'not a code', 'es')).toBeNull()
  })

  it('knows its languages and their Intl tags', () => {
    expect(INTL_TAGS).toEqual({ en: 'en-US', es: 'es-MX' })
    expect(isLocale('es')).toBe(true)
    expect(isLocale('es-MX')).toBe(false)
    expect(isLocale(undefined)).toBe(false)
  })
})
