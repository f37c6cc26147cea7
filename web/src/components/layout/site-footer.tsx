import { LanguageSwitch } from './language-switch'
import { NAV_ITEMS } from './nav-items'
import { SiteNavLink } from './site-nav-link'
import './site-footer.css'

export function SiteFooter({ bandName, copyright }: { bandName: string; copyright?: string | null }) {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="site-footer__nav">
        <ul className="site-footer__list">
          {NAV_ITEMS.map((item) => (
            <li key={item.label}>
              <SiteNavLink item={item} className="site-footer__link" />
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__language">
        <LanguageSwitch />
      </p>
      <p className="site-footer__copyright">{copyright || `© ${bandName}`}</p>
    </footer>
  )
}
