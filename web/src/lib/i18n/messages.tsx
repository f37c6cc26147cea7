import { createContext, useContext, type ReactNode } from 'react'
import { DEFAULT_LOCALE, type Locale } from './locale-contract'
import type { Messages } from './messages/en'

export type { Messages }

/**
 * The catalogue's parts, one chunk per part and language: a page's scripts carry only its language's strings,
 * and of those only the parts it shows (ADR 193). `shell`, the frame's, loads on every page; a route names its
 * others in the route table (route-table.ts), a lazy dialog loads its own with its code.
 */
const PARTS = {
  en: {
    shell: () => import('./messages/en/shell'),
    home: () => import('./messages/en/home'),
    events: () => import('./messages/en/events'),
    media: () => import('./messages/en/media'),
    news: () => import('./messages/en/news'),
    shows: () => import('./messages/en/shows'),
    calendar: () => import('./messages/en/calendar'),
    notFound: () => import('./messages/en/not-found'),
    newsletter: () => import('./messages/en/newsletter'),
    newsletterPages: () => import('./messages/en/newsletter-pages'),
  },
  es: {
    shell: () => import('./messages/es/shell'),
    home: () => import('./messages/es/home'),
    events: () => import('./messages/es/events'),
    media: () => import('./messages/es/media'),
    news: () => import('./messages/es/news'),
    shows: () => import('./messages/es/shows'),
    calendar: () => import('./messages/es/calendar'),
    notFound: () => import('./messages/es/not-found'),
    newsletter: () => import('./messages/es/newsletter'),
    newsletterPages: () => import('./messages/es/newsletter-pages'),
  },
} satisfies Record<Locale, Record<string, () => Promise<{ messages: Partial<Messages> }>>>

export type MessagePart = keyof (typeof PARTS)['en']

/**
 * The strings loaded so far, per language, filled in place as parts arrive: the provider's catalogue is this
 * object, so a page loaded after a client-side navigation reads its part once its route has loaded it. The
 * same in every render of a language (the server's too): a part's strings never differ per visitor.
 */
const loaded: Record<Locale, Partial<Messages>> = { en: {}, es: {} }

/** Loads the frame's strings and `parts` in `locale`; resolves to the language's catalogue once they are in. */
export async function loadMessages(locale: Locale, parts: readonly MessagePart[] = []): Promise<Messages> {
  const modules = await Promise.all(['shell' as const, ...parts].map((part) => PARTS[locale][part]()))
  for (const module of modules) Object.assign(loaded[locale], module.messages)
  // Whole for what the page draws: each route names the parts its components read (languages.spec renders
  // every route in both languages, so a part left out fails there).
  return loaded[locale] as Messages
}

type I18n = { locale: Locale; messages: Messages }

const I18nContext = createContext<I18n | null>(null)

export function I18nProvider({ locale, messages, children }: I18n & { children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, messages }}>{children}</I18nContext.Provider>
}

function useI18n(): I18n {
  const i18n = useContext(I18nContext)
  if (!i18n) throw new Error('useMessages and useLocale need an I18nProvider (app.tsx gives one)')
  return i18n
}

/** The page's interface strings, in its language. */
export const useMessages = (): Messages => useI18n().messages

/** The page's language. */
export const useLocale = (): Locale => useI18n().locale ?? DEFAULT_LOCALE
