import { lazy, Suspense, useState } from 'react'
import { useHydrated } from '../../lib/first-load/use-hydrated'
import { useLocale } from '../../lib/i18n/messages'
import { languageMemory } from './language-memory'

const LanguageHintPanel = lazy(() =>
  import('./language-hint-panel').then(({ LanguageHintPanel }) => ({ default: LanguageHintPanel })),
)

/**
 * A small, dismissible offer of the page in the other language, to a visitor whose browser (Accept-Language)
 * or last choice prefers it. Decided in the browser after hydration, so the cached HTML is the same for every
 * visitor, and never a redirect: a crawler or a shared link gets the page it asked for (ADR 194). Written in
 * the language it offers; its code loads only for the visitors it is shown to.
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
    <Suspense fallback={null}>
      <LanguageHintPanel onClose={close} />
    </Suspense>
  )
}
