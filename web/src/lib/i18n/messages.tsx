import { createContext, useContext, type ReactNode } from 'react'
import { DEFAULT_LOCALE, type Locale } from './locale-contract'
import type { Messages } from './messages/en'

export type { Messages }

/**
 * One language's catalogue, a chunk of its own: a page's scripts carry only its language's strings (ADR 193).
 * Both renders load it before drawing the page.
 */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const module = locale === 'es' ? await import('./messages/es') : await import('./messages/en')
  return module.messages
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
