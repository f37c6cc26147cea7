import { messages as calendar } from './en/calendar'
import { messages as events } from './en/events'
import { messages as home } from './en/home'
import { messages as media } from './en/media'
import { messages as news } from './en/news'
import { messages as newsletterPages } from './en/newsletter-pages'
import { messages as newsletter } from './en/newsletter'
import { messages as notFound } from './en/not-found'
import { messages as shell } from './en/shell'
import { messages as shows } from './en/shows'

/**
 * The interface's English strings, whole: the shape every language's catalogue follows (ADR 193). A page never
 * loads this module: it loads its parts (`./en/*.ts`, one per feature, lib/i18n/messages.tsx); the type and the
 * tests read the whole. The English texts are those of docs/fan-site-rules.md, word for word: end-to-end tests
 * read them.
 */
export const messages = {
  ...shell,
  ...home,
  ...events,
  ...media,
  ...news,
  ...shows,
  ...calendar,
  ...notFound,
  ...newsletter,
  ...newsletterPages,
}

export type Messages = typeof messages
