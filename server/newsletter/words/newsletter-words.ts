import type { Language } from '../subscriber-preferences'

/** A page the server answers itself: plain HTML, a heading and a paragraph or two. */
export type PageWords = { title: string; heading: string; body: string[] }

/**
 * Everything the newsletter server says to a subscriber, in one language: the confirmation mail, the answers
 * of the sign-up and unsubscribe endpoints, and the preferences page. One file per language beside this one,
 * listed in words-for.ts; written for the readers of that language, never word for word (ADR 193).
 */
export type NewsletterWords = {
  language: Language
  confirmation: {
    subject: (band: string) => string
    greeting: (firstName: string) => string
    thanks: (band: string) => string
    /** Before the link in the plain-text part. */
    openLink: string
    /** Before the button in the HTML part. */
    pressButton: string
    button: string
    pasteLink: string
    notYou: string
  }
  unsubscribeLink: string
  /** A mail's link to the preferences page (areas, language, leaving). */
  preferencesLink: string
  /** The sign-up's answer: double opt-in (a mail is on its way) or single. */
  acknowledged: { doubleOptIn: string; singleOptIn: string }
  /** RFC 8058 one-click answers. */
  oneClick: { done: string; invalid: string }
  /** The link home on the pages the server answers itself (the preferences page). */
  pages: { backHome: string }
  preferences: {
    title: (band: string) => string
    saved: string
    areasLegend: string
    noAreas: string
    everywhere: string
    languageLegend: string
    save: string
    leave: string
    invalid: PageWords
    invalidJson: string
  }
}
