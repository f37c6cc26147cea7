import type { ReactNode } from 'react'
import type { Locale } from '../lib/i18n/locale-contract'
import { I18nProvider, type Messages } from '../lib/i18n/messages'
import { messages as en } from '../lib/i18n/messages/en'
import { messages as es } from '../lib/i18n/messages/es'

/** Both catalogues, loaded at once: a test renders either language without the app's async loading. */
export const CATALOGUES: Record<Locale, Messages> = { en, es }

/** `ui` inside the interface strings of `locale`, as app.tsx gives them to every page. */
export function withI18n(ui: ReactNode, locale: Locale = 'en') {
  return (
    <I18nProvider locale={locale} messages={CATALOGUES[locale]}>
      {ui}
    </I18nProvider>
  )
}

/** A `wrapper` for Testing Library's `render` and `renderHook`: `render(ui, { wrapper: i18nWrapper('es') })`. */
export const i18nWrapper =
  (locale: Locale = 'en') =>
  ({ children }: { children: ReactNode }) =>
    withI18n(children, locale)
