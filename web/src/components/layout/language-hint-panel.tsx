import { WithPageTranslations } from '../../lib/i18n/page-translations'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import type { Translations } from '../../lib/i18n/translations-contract'
import { languageMemory, otherLocale } from './language-memory'
import { useOtherLanguageHref } from './use-other-language-page'
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

/** The hint itself (language-hint.tsx decides whether to show it): a chunk only the visitors it is for load. */
export function LanguageHintPanel({ onClose }: { onClose: () => void }) {
  return (
    <WithPageTranslations>
      {(translations) => <Hint translations={translations} onClose={onClose} />}
    </WithPageTranslations>
  )
}
