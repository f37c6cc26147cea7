import { Link, useParams } from 'react-router'
import { bandNameOf } from '../../config/public-config'
import { useNewsPost } from '../../features/news/api/get-news-post'
import {
  FeedLink,
  newsDescription,
  useNewsJsonLdContext,
} from '../../features/news/components/news-head-parts'
import { NewsPostPage } from '../../features/news/news-page'
import { buildNewsArticleJsonLd, coverImageUrl } from '../../features/news/utils/news-json-ld'
import { newsPostPath } from '../../features/news/utils/news-paging'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { PageSeo } from '../page-seo'
import { JsonLdPlaceholder } from '../seo/json-ld-placeholder'
import { JsonLdScript } from '../seo/json-ld-script'
import { NotFoundPage } from './not-found'
import '../../features/news/components/news.css'
import '../../components/ui/play-triangle.css'
import '../../components/content/youtube-facade.css'

function NewsPostHead({ slug }: { slug: string }) {
  const post = useNewsPost(slug)
  const context = useNewsJsonLdContext()
  if (!post) return null
  const bandName = bandNameOf(context.settings)
  return (
    <>
      <PageSeo
        title={`${post.title ?? 'News'} · ${bandName}`}
        description={post.excerpt || newsDescription(bandName)}
        image={coverImageUrl(post.coverImage, context)}
        imageAlt={post.coverImage?.alt}
        type="article"
        path={newsPostPath(post.slug ?? slug)}
      />
      {post.publishedAt ? <meta property="article:published_time" content={post.publishedAt} /> : null}
      <meta property="article:modified_time" content={post._updatedAt} />
      <FeedLink />
      {import.meta.env.SSR ? (
        <JsonLdScript data={buildNewsArticleJsonLd(post, context)} />
      ) : (
        <JsonLdPlaceholder />
      )}
    </>
  )
}

function PostNotFound() {
  return (
    <NotFoundPage
      hint={
        <>
          There is no news post at this address. <Link to="/news">See all news</Link>.
        </>
      }
    />
  )
}

/** /news/:slug; the loader set HTTP 404 for a missing post, and both renders show the 404 page from the cached `null`. */
export function Page() {
  const slug = useParams().slug ?? ''
  const absolute = useAbsoluteUrl()
  if (!useNewsPost(slug)) return <PostNotFound />
  return (
    <>
      <NewsPostHead slug={slug} />
      <NewsPostPage slug={slug} url={absolute(newsPostPath(slug))} />
    </>
  )
}
