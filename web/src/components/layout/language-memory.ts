import { isLocale, LOCALES, type Locale } from '../../lib/i18n/locale-contract'

/**
 * What the browser remembers about languages: the one a visitor last chose with the language switch, and that
 * they closed the language hint. Read only after hydration, to offer the hint (language-hint.tsx): the server's
 * HTML is the same for every visitor and never redirects (ADR 194). localStorage can be missing or throw
 * (privacy modes); then the site simply forgets.
 */
const CHOSEN_KEY = 'language:chosen'
const HINT_CLOSED_KEY = 'language:hintClosed'

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // Nothing to do: the hint may show once more in this browser.
  }
}

/** The first of the browser's languages (its Accept-Language) that the site has, by primary subtag. */
export function preferredOf(languages: readonly string[]): Locale | null {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0]
    if (isLocale(primary)) return primary
  }
  return null
}

export const languageMemory = {
  /** The language the visitor chose with the switch, else the first of the browser's the site has. */
  preferred: (): Locale | null => {
    const chosen = read(CHOSEN_KEY)
    if (isLocale(chosen)) return chosen
    return preferredOf(navigator.languages ?? [navigator.language])
  },
  choose: (locale: Locale) => write(CHOSEN_KEY, locale),
  hintClosed: () => read(HINT_CLOSED_KEY) !== null,
  closeHint: () => write(HINT_CLOSED_KEY, new Date().toISOString()),
}

/** The language a switch on a page in `locale` leads to. */
export const otherLocale = (locale: Locale): Locale => LOCALES.find((each) => each !== locale) ?? locale
