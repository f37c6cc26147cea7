import { useMessages } from '../../lib/i18n/messages'
import { LanguageSwitch } from './language-switch'
import { NAV_ITEMS } from './nav-items'
import { SiteNavLink } from './site-nav-link'
import './site-footer.css'

export function SiteFooter({
  bandName,
  copyright,
  copyrightLang,
}: {
  bandName: string
  copyright?: string | null
  /** "en" when the English copyright stands in for a missing Spanish one (ADR 193). */
  copyrightLang?: string | null
}) {
  const { nav } = useMessages()
  return (
    <footer className="site-footer">
      <nav aria-label={nav.footer} className="site-footer__nav">
        <ul className="site-footer__list">
          {NAV_ITEMS.map((item) => (
            <li key={item.key}>
              <SiteNavLink item={item} className="site-footer__link" />
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__language">
        <LanguageSwitch />
      </p>
      <p className="site-footer__copyright" lang={(copyright && copyrightLang) || undefined}>
        {copyright || `© ${bandName}`}
      </p>
    </footer>
  )
}
