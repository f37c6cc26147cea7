import type { Messages } from './en'
import { messages as calendar } from './es/calendar'
import { messages as events } from './es/events'
import { messages as home } from './es/home'
import { messages as media } from './es/media'
import { messages as news } from './es/news'
import { messages as newsletterPages } from './es/newsletter-pages'
import { messages as newsletter } from './es/newsletter'
import { messages as notFound } from './es/not-found'
import { messages as shell } from './es/shell'
import { messages as shows } from './es/shows'

/**
 * The interface's Spanish strings, whole, written for fans in Mexico and the US Southwest (tú, ¿ ¡, accents),
 * never word for word (ADR 193). A page loads only its parts (`./es/*.ts`); the type checker fails on a key
 * missing in a part.
 */
export const messages: Messages = {
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
