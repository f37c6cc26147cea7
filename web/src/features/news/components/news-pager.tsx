import { Link } from 'react-router'
import { newsPagePath } from '../utils/news-paging'

/** Plain links to the neighbouring pages (`/news?page=n`), so crawlers reach every post. */
export function NewsPager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  return (
    <nav className="news-pager" aria-label="News pages">
      {page > 1 ? (
        <Link to={newsPagePath(page - 1)} rel="prev" className="news-pager__link">
          ← Newer posts
        </Link>
      ) : null}
      <span className="news-pager__status">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={newsPagePath(page + 1)} rel="next" className="news-pager__link">
          Older posts →
        </Link>
      ) : null}
    </nav>
  )
}
