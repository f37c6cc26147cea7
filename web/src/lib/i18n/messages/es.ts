import type { Messages } from './en'

/**
 * The interface's Spanish strings, written for fans in Mexico and the US Southwest (tú, ¿ ¡, accents), never
 * word for word (ADR 193). The type checker fails on a key missing here.
 */
export const messages: Messages = {
  common: {
    loading: 'Cargando...',
  },
  /** The language switch (header, footer): it leads to English, so it names English in English. */
  languageSwitch: {
    label: 'English',
    /** In a narrow header, beside the menu button. */
    short: 'EN',
    name: 'English: this page in English',
  },
  /** Offered to a visitor whose browser or last choice prefers English, so written in English. */
  languageHint: {
    region: 'Language',
    question: 'Rather read in English?',
    link: 'See this page in English',
    close: 'Close language hint',
  },
}
