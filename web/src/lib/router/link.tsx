import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { resolveTo, type To } from './path'
import { useLocation, useNavigate } from './router-context'

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To
  replace?: boolean
  state?: unknown
  /** Accepted for React Router's call sites; this router never resets the scroll itself. */
  preventScrollReset?: boolean
}

const isModified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey

/**
 * A real `<a href>` (it works before hydration, in a new tab, for crawlers); a plain left click on it
 * navigates in the page instead. A link to the current address replaces its entry, as React Router's does.
 */
export function Link({
  to,
  replace,
  state,
  preventScrollReset: _unused,
  onClick,
  target,
  ...rest
}: LinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const href = resolveTo(to, location)
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || isModified(event)) return
    if (target && target !== '_self') return
    event.preventDefault()
    const current = location.pathname + location.search + location.hash
    navigate(href, { replace: replace ?? current === href, state })
  }
  return <a {...rest} href={href} target={target} onClick={handleClick} />
}
