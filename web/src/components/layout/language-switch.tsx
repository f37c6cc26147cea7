import { WithPageTranslations } from '../../lib/i18n/page-translations'
import type { Translations } from '../../lib/i18n/translations-contract'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { languageMemory, otherLocale } from './language-memory'
import { useOtherLanguageHref } from './use-other-language-page'
import './language-switch.css'

function SwitchLink({ translations, className }: { translations: Translations; className?: string }) {
  const other = otherLocale(useLocale())
  const { languageSwitch } = useMessages()
  const href = useOtherLanguageHref(translations, other)
  // A plain link, a new document: the other language's page loads its own catalogue and table (ADR 194).
  return (
    <a
      className={`language-switch${className ? ` ${className}` : ''}`}
      href={href}
      hrefLang={other}
      lang={other}
      aria-label={languageSwitch.name}
      onClick={() => languageMemory.choose(other)}
    >
      <span className="language-switch__long">{languageSwitch.label}</span>
      <span className="language-switch__short" aria-hidden="true">
        {languageSwitch.short}
      </span>
    </a>
  )
}

/**
 * The link to the current page in the other language, in the header and the footer. Its text is the other
 * language's own name, in that language (`language-switch--compact`, the header's, its code below 768 px);
 * the choice is remembered only to offer the language hint.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  return (
    <WithPageTranslations>
      {(translations) => <SwitchLink translations={translations} className={className} />}
    </WithPageTranslations>
  )
}
