import type { PortableTextComponents, PortableTextMarkComponentProps } from '@portabletext/react'
import { safeHref } from '../../lib/safe-url'

type LinkMark = { _type: 'link'; _key?: string; href?: unknown }

/** A rich-text link: only http(s), mailto, tel and relative links; any other renders as its text. */
export function SafeLinkMark({ value, children }: PortableTextMarkComponentProps<LinkMark>) {
  const target = safeHref(value?.href)
  if (!target) return <>{children}</>
  return target.external ? (
    <a href={target.href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a href={target.href}>{children}</a>
  )
}

/**
 * Portable Text components for short CMS copy (about, tour promo): vetted links, and unknown marks without
 * the default's span whose class is the mark's name.
 */
export const safeTextComponents: PortableTextComponents = {
  marks: { link: SafeLinkMark },
  unknownMark: ({ children }) => <>{children}</>,
}
