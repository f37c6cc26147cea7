import { Link, useParams } from 'react-router'
import { bandNameOf } from '../../config/public-config'
import { useNewsPost } from '../../features/news/api/get-news-post'
import { FeedLink, useNewsJsonLdContext } from '../../features/news/components/news-head-parts'
import { NewsPostPage } from '../../features/news/news-page'
import { buildNewsArticleJsonLd, coverImageUrl } from '../../features/news/utils/news-json-ld'
import { newsPostPath } from '../../features/news/utils/news-paging'
import { translationOf } from '../../features/news/utils/post-translation'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { PageSeo } from '../page-seo'
import type { Translations } from '../route-module'
import { JsonLdPlaceholder } from '../seo/json-ld-placeholder'
import { JsonLdScript } from '../seo/json-ld-script'
import { NotFoundPage } from './not-found'
import '../../features/news/components/news.css'
import '../../components/ui/play-triangle.css'
import '../../components/content/youtube-facade.css'

function NewsPostHead({ slug }: { slug: string }) {
  const post = useNewsPost(slug)
  const context = useNewsJsonLdContext()
  const { news } = useMessages()
  if (!post) return null
  const bandName = bandNameOf(context.settings)
  return (
    <>
      <PageSeo
        title={news.postTitle(post.title, bandName)}
        description={post.excerpt || news.description(bandName)}
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
  const { notFound } = useMessages()
  return (
    <NotFoundPage
      hint={
        <>
          {notFound.newsPost} <Link to="/news">{notFound.allNews}</Link>.
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

/**
 * A post is written per language (ADR 193): its translation, when it has one, is the other language's page;
 * without one, the other language has none, and a missing post has neither (the 404's own rule).
 */
export function useTranslations(): Translations {
  const slug = useParams().slug ?? ''
  const post = useNewsPost(slug)
  const locale = useLocale()
  if (!post) return { en: null, es: null }
  const other = locale === 'es' ? 'en' : 'es'
  const translation = translationOf(post)
  return {
    [other]:
      translation?.locale === other && post.translation?.slug ? newsPostPath(post.translation.slug) : null,
  }
}
