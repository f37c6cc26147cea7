import { Link } from 'react-router'
import type { NewsPost } from '../api/get-news-post'
import { newsPostPath } from '../utils/news-paging'

/** Links to the next newer and next older post, in the list's order. */
export function PostNeighbours({ newer, older }: Pick<NewsPost, 'newer' | 'older'>) {
  if (!newer?.slug && !older?.slug) return null
  return (
    <nav className="post-neighbours" aria-label="More news">
      {older?.slug ? (
        <Link
          to={newsPostPath(older.slug)}
          rel="prev"
          className="post-neighbours__link post-neighbours__link--older"
        >
          <span className="post-neighbours__label">Previous post</span>
          <span className="post-neighbours__title">{older.title}</span>
        </Link>
      ) : null}
      {newer?.slug ? (
        <Link
          to={newsPostPath(newer.slug)}
          rel="next"
          className="post-neighbours__link post-neighbours__link--newer"
        >
          <span className="post-neighbours__label">Next post</span>
          <span className="post-neighbours__title">{newer.title}</span>
        </Link>
      ) : null}
    </nav>
  )
}
