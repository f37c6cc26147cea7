import { Link } from 'react-router'
import { useNewsPost } from '../api/get-news-post'
import { CoverImage } from '../../../components/content/cover-image'
import { hasImage } from '../../../lib/image-url'
import { photoCreditLine } from '../../../lib/photo-credit'
import { NewsDate } from './news-date'
import { PostBody } from '../../../components/content/post-body'
import { PostNeighbours } from './post-neighbours'
import { ShareLinks } from './share-links'
import { stegaCleanText } from '../../../lib/preview/stega-clean'
import { useMessages } from '../../../lib/i18n/messages'

/** A whole post: title, date, cover, body, sharing and the neighbouring posts. */
export function NewsPostArticle({ slug, url }: { slug: string; url: string }) {
  const post = useNewsPost(slug)
  const { news, media } = useMessages()
  // The route loader answers 404 for a missing post, so this only guards a cache evicted mid-session.
  if (!post) return null
  const credit = photoCreditLine(post.coverCredit, media.credit.photo)
  return (
    <article className="news-post">
      <p className="news-post__back">
        <Link to="/news">{news.allNews}</Link>
      </p>
      <header className="news-post__header">
        <h1>{post.title}</h1>
        <NewsDate
          iso={post.publishedAt}
          className="news-post__date"
          editTarget={{ id: post._id, type: 'newsPost', path: 'publishedAt' }}
        />
      </header>
      {hasImage(post.coverImage) ? (
        <figure className="news-post__figure">
          <CoverImage
            image={post.coverImage}
            className="news-post__cover"
            sizes="(min-width: 48rem) 46rem, 100vw"
            eager
            editTarget={{ id: post._id, type: 'newsPost', path: 'coverImage' }}
          />
          {credit ? <figcaption className="news-post__credit">{credit}</figcaption> : null}
        </figure>
      ) : null}
      {post.body ? <PostBody value={post.body} /> : null}
      {/* Share links put the title in a URL: never with a draft page's stega (ADR 160). */}
      <ShareLinks url={url} title={stegaCleanText(post.title ?? '')} />
      <PostNeighbours newer={post.newer} older={post.older} />
    </article>
  )
}
