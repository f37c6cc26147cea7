import type { MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useMessages } from '../../lib/i18n/messages'
import { scrollToAnchor } from '../../lib/scroll-to-anchor'
import type { NavItem } from './nav-items'

function isPlainLeftClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

/**
 * A navigation link. Anchors are real `/#anchor` links (they work before hydration and from other pages,
 * where the home page scrolls after HASH_SCROLL_DELAY_MS); on the home page a click scrolls smoothly
 * instead of jumping, and the URL's hash follows.
 */
export function SiteNavLink({
  item,
  className,
  onNavigate,
}: {
  item: NavItem
  className?: string
  onNavigate?: () => void
}) {
  const location = useLocation()
  const navigate = useNavigate()
  const label = useMessages().nav.items[item.key]

  if ('to' in item) {
    return (
      <Link to={item.to} className={className} onClick={onNavigate}>
        {label}
      </Link>
    )
  }

  const hash = `#${item.anchor}`
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.()
    if (location.pathname !== '/' || !isPlainLeftClick(event)) return
    if (!scrollToAnchor(item.anchor)) return
    event.preventDefault()
    navigate(
      { pathname: '/', search: location.search, hash },
      { replace: location.hash === hash, preventScrollReset: true },
    )
  }

  return (
    <Link to={{ pathname: '/', hash }} className={className} onClick={onClick}>
      {label}
    </Link>
  )
}
