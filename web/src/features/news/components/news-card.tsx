import { Link } from 'react-router'
import type { NewsSummary } from '../api/get-news-list'
import { newsPostPath } from '../utils/news-paging'
import { CoverImage } from '../../../components/content/cover-image'
import { NewsDate } from './news-date'
import { useMessages } from '../../../lib/i18n/messages'

/** One post in the list; the whole card is one link target through the title (the image is decorative). */
export function NewsCard({ post, eager }: { post: NewsSummary; eager: boolean }) {
  const href = newsPostPath(post.slug ?? '')
  const { news } = useMessages()
  return (
    <article className="news-card">
      <Link to={href} className="news-card__media" tabIndex={-1} aria-hidden="true">
        <CoverImage
          image={post.coverImage}
          className="news-card__image"
          sizes="(min-width: 64rem) 22rem, (min-width: 40rem) 45vw, 100vw"
          eager={eager}
          editTarget={{ id: post._id, type: 'newsPost', path: 'coverImage' }}
        />
      </Link>
      <div className="news-card__text">
        <NewsDate
          iso={post.publishedAt}
          className="news-card__date"
          editTarget={{ id: post._id, type: 'newsPost', path: 'publishedAt' }}
        />
        <h2 className="news-card__title">
          <Link to={href}>{post.title}</Link>
        </h2>
        {post.excerpt ? <p className="news-card__excerpt">{post.excerpt}</p> : null}
        {/* The title in the text itself, not only in aria-label: search engines read the text (Lighthouse SEO). */}
        <Link to={href} className="news-card__more">
          {news.readMore}
          <span className="visually-hidden">{news.readMoreOf(post.title)}</span>
        </Link>
      </div>
    </article>
  )
}
