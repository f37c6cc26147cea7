import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { useMessages } from '../../lib/i18n/messages'
import { LanguageSwitch } from './language-switch'
import { NAV_ITEMS } from './nav-items'
import { SiteNavLink } from './site-nav-link'
import './site-header.css'

/**
 * The sticky header: brand, main navigation and the language switch. Below 768 px the links fold into a disclosure menu (a
 * button with aria-expanded controlling the list); Escape closes it and returns focus to the button.
 */
export function SiteHeader({ bandName, logoSrc }: { bandName: string; logoSrc?: string | null }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const location = useLocation()
  const { nav } = useMessages()

  // Any navigation (a link, back or forward) closes the menu: adjust state while rendering, no effect needed.
  const [menuLocationKey, setMenuLocationKey] = useState(location.key)
  if (menuLocationKey !== location.key) {
    setMenuLocationKey(location.key)
    setOpen(false)
  }

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open])

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {nav.skipToContent}
      </a>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand">
          {logoSrc ? (
            <img
              src={logoSrc}
              alt=""
              width={40}
              height={40}
              className="site-header__logo"
              fetchPriority="low"
            />
          ) : null}
          <span>{bandName}</span>
        </Link>
        <div className="site-header__end">
          <nav aria-label={nav.main} className="site-nav">
            <button
              ref={buttonRef}
              type="button"
              className="site-nav__toggle"
              aria-expanded={open}
              aria-controls={listId}
              onClick={() => setOpen((value) => !value)}
            >
              <span className="site-nav__toggle-icon" aria-hidden="true" />
              {nav.menu}
            </button>
            <ul id={listId} className={`site-nav__list${open ? ' site-nav__list--open' : ''}`}>
              {NAV_ITEMS.map((item) => (
                <li key={item.key}>
                  <SiteNavLink item={item} className="site-nav__link" onNavigate={() => setOpen(false)} />
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch className="language-switch--compact" />
        </div>
      </div>
    </header>
  )
}
