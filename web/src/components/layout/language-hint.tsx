import { useState } from 'react'
import { WithPageTranslations } from '../../lib/i18n/page-translations'
import { useHydrated } from '../../lib/first-load/use-hydrated'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { languageMemory, otherLocale } from './language-memory'
import { useOtherLanguageHref } from './use-other-language-page'
import type { Translations } from '../../lib/i18n/translations-contract'
import './language-hint.css'

function Hint({ translations, onClose }: { translations: Translations; onClose: () => void }) {
  const other = otherLocale(useLocale())
  const { languageHint } = useMessages()
  const href = useOtherLanguageHref(translations, other)
  return (
    <aside className="language-hint" lang={other} aria-label={languageHint.region}>
      <p className="language-hint__text">
        {languageHint.question}{' '}
        <a href={href} hrefLang={other} onClick={() => languageMemory.choose(other)}>
          {languageHint.link}
        </a>
      </p>
      <button
        type="button"
        className="language-hint__close"
        aria-label={languageHint.close}
        onClick={onClose}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  )
}

/**
 * A small, dismissible offer of the page in the other language, to a visitor whose browser (Accept-Language)
 * or last choice prefers it. Decided in the browser after hydration, so the cached HTML is the same for every
 * visitor, and never a redirect: a crawler or a shared link gets the page it asked for (ADR 194). Written in
 * the language it offers.
 */
export function LanguageHint() {
  const locale = useLocale()
  const hydrated = useHydrated()
  const [closed, setClosed] = useState(false)
  if (!hydrated || closed || languageMemory.hintClosed()) return null
  const preferred = languageMemory.preferred()
  if (!preferred || preferred === locale) return null
  const close = () => {
    languageMemory.closeHint()
    setClosed(true)
  }
  return (
    <WithPageTranslations>
      {(translations) => <Hint translations={translations} onClose={close} />}
    </WithPageTranslations>
  )
}
