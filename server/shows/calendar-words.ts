import type { Locale } from '../../web/src/lib/i18n/locale-contract'

/**
 * The calendar feeds' own words in each language (ADR 193), written for the fans who subscribe to them; the
 * show's texts (its note) come from the content in the same language.
 */
export type CalendarWords = {
  /** The address prefix of the language's pages and feeds: '' for English, '/es' for Spanish. */
  prefix: string
  calendarName: (bandName: string | null) => string
  tourDescription: (pageUrl: string) => string
  areaDescription: (areaName: string, pageUrl: string) => string
  cancelled: (name: string) => string
  postponed: (name: string) => string
  times: (doors: string | null, show: string) => string
  postponedFrom: (date: string) => string
  soldOut: string
  tickets: (url: string) => string
  noShow: string
  noArea: string
}

export const CALENDAR_WORDS: Record<Locale, CalendarWords> = {
  en: {
    prefix: '',
    calendarName: (band) => (band ? `${band} tour` : 'Tour dates'),
    tourDescription: (url) =>
      `The tour's shows, upcoming and of the past year, with times, venues and ticket links: ${url}`,
    areaDescription: (area, url) => `The tour's shows in ${area}, upcoming and of the past year: ${url}`,
    cancelled: (name) => `Cancelled: ${name}`,
    postponed: (name) => `Postponed: ${name}`,
    times: (doors, show) => (doors ? `Doors ${doors}, show ${show}` : `Show ${show}`),
    postponedFrom: (date) => `Postponed from ${date}.`,
    soldOut: 'Sold out.',
    tickets: (url) => `Tickets: ${url}`,
    noShow: 'No show at this address',
    noArea: 'No area at this address',
  },
  es: {
    prefix: '/es',
    calendarName: (band) => (band ? `Gira de ${band}` : 'Fechas de la gira'),
    tourDescription: (url) =>
      `Los conciertos de la gira, los que vienen y los del último año, con horarios, lugares y boletos: ${url}`,
    areaDescription: (area, url) =>
      `Los conciertos de la gira en ${area}, los que vienen y los del último año: ${url}`,
    cancelled: (name) => `Cancelado: ${name}`,
    postponed: (name) => `Pospuesto: ${name}`,
    times: (doors, show) => (doors ? `Puertas ${doors}, concierto ${show}` : `Concierto ${show}`),
    postponedFrom: (date) => `Pospuesto; era el ${date}.`,
    soldOut: 'Boletos agotados.',
    tickets: (url) => `Boletos: ${url}`,
    noShow: 'No hay ningún concierto en esta dirección',
    noArea: 'No hay ninguna zona en esta dirección',
  },
}
