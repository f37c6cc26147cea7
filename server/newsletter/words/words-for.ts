import type { Language } from '../subscriber-preferences'
import { en } from './en'
import { es } from './es'
import type { NewsletterWords } from './newsletter-words'

const WORDS: Record<Language, NewsletterWords> = { en, es }

/** The newsletter's words in a subscriber's language; English for none (a sign-up from before languages). */
export const wordsFor = (language: Language | undefined): NewsletterWords => WORDS[language ?? 'en']
