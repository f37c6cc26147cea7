import { Link } from 'react-router'
import { useMessages } from '../../lib/i18n/messages'
import './pager.css'

export type PagerProps = {
  page: number
  pageCount: number
  /** The address of page `n` (page 1 is the list's own path). */
  pathFor: (page: number) => string
  /** The navigation landmark's name, e.g. "News pages". */
  label: string
  /** Link texts towards page 1 and away from it, e.g. "Newer posts" / "Older posts". */
  newer: string
  older: string
}

/** Plain links to the neighbouring pages of a paged list, so crawlers reach every item (news, past shows). */
export function Pager({ page, pageCount, pathFor, label, newer, older }: PagerProps) {
  const { pager } = useMessages()
  if (pageCount <= 1) return null
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link to={pathFor(page - 1)} rel="prev">
          ← {newer}
        </Link>
      ) : null}
      <span className="pager__status">{pager.status(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={pathFor(page + 1)} rel="next">
          {older} →
        </Link>
      ) : null}
    </nav>
  )
}
