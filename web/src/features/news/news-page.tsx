/** The news pages' bodies. Their data is already in the query cache: the route loaders fetched it (app/routes/news.server.ts). */
import { useMessages } from '../../lib/i18n/messages'
import { NewsList } from './components/news-list'
import { NewsPostArticle } from './components/news-post-article'

/** /news and /news?page=n. */
export function NewsPage({ page }: { page: number }) {
  const { news } = useMessages()
  return (
    <main id="main" className="news" tabIndex={-1}>
      <header className="news__header">
        <h1>{news.title}</h1>
        <p className="news__feed">
          <a href="/news/rss.xml" type="application/rss+xml">
            {news.rss}
          </a>
        </p>
      </header>
      <NewsList page={page} />
    </main>
  )
}

/** /news/:slug; `url` is the post's absolute address, for the share links. */
export function NewsPostPage({ slug, url }: { slug: string; url: string }) {
  return (
    <main id="main" className="news news--post" tabIndex={-1}>
      <NewsPostArticle slug={slug} url={url} />
    </main>
  )
}
