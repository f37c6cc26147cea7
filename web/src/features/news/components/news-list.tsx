import { Link } from 'react-router'
import { useNewsList } from '../api/get-news-list'
import { Pager } from '../../../components/ui/pager'
import { newsPageCount, newsPagePath } from '../utils/news-paging'
import { NewsCard } from './news-card'
import { useMessages } from '../../../lib/i18n/messages'

/** The posts of one page, newest first; the first cover loads eagerly (it is above the fold). */
export function NewsList({ page }: { page: number }) {
  const { posts, total } = useNewsList(page)
  const { news } = useMessages()
  if (posts.length === 0) {
    return (
      <div className="news-empty">
        <p>{news.empty}</p>
        <p>
          <Link to="/#events">{news.seeTourDates}</Link>
        </p>
      </div>
    )
  }
  return (
    <>
      <ol className="news-list">
        {posts.map((post, index) => (
          <li key={post._id}>
            <NewsCard post={post} eager={page === 1 && index === 0} />
          </li>
        ))}
      </ol>
      <Pager
        page={page}
        pageCount={newsPageCount(total)}
        pathFor={newsPagePath}
        label={news.pages}
        newer={news.newer}
        older={news.older}
      />
    </>
  )
}
