import type { Language } from '../../newsletter/subscriber-preferences'

/**
 * The words of a show alert in one language (dates and times are written by the shared locale formatters). A second language is a second file beside en.ts that exports
 * one of these, listed in templates.ts.
 */
export type AlertTemplate = {
  language: Language
  subject: (band: string, shows: { city: string }[]) => string
  greeting: (firstName: string) => string
  intro: (band: string, count: number) => string
  tickets: string
  showPage: string
  addToCalendar: string
  /** Said of a show whose tickets are not on sale through a link. */
  noTickets: string
  why: (areas: string[]) => string
  preferences: string
  unsubscribe: string
}
