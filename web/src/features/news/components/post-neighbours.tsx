import { Link } from 'react-router'
import type { NewsPost } from '../api/get-news-post'
import { newsPostPath } from '../utils/news-paging'
import { useMessages } from '../../../lib/i18n/messages'

type Neighbour = NonNullable<NewsPost['newer']>

/** One neighbour's link: `prev` is the older post, `next` the newer one. */
function NeighbourLink({ post, rel }: { post: Neighbour & { slug: string }; rel: 'prev' | 'next' }) {
  const side = rel === 'prev' ? 'older' : 'newer'
  const { news } = useMessages()
  return (
    <Link
      to={newsPostPath(post.slug)}
      rel={rel}
      className={`post-neighbours__link post-neighbours__link--${side}`}
    >
      <span className="post-neighbours__label">{rel === 'prev' ? news.previousPost : news.nextPost}</span>
      <span className="post-neighbours__title">{post.title}</span>
    </Link>
  )
}

/** Links to the next newer and next older post, in the list's order. */
export function PostNeighbours({ newer, older }: Pick<NewsPost, 'newer' | 'older'>) {
  const { news } = useMessages()
  if (!newer?.slug && !older?.slug) return null
  return (
    <nav className="post-neighbours" aria-label={news.more}>
      {older?.slug ? <NeighbourLink post={{ ...older, slug: older.slug }} rel="prev" /> : null}
      {newer?.slug ? <NeighbourLink post={{ ...newer, slug: newer.slug }} rel="next" /> : null}
    </nav>
  )
}
