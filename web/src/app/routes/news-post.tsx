import { lazy, Suspense } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { RouteFallback } from '../../components/route-fallback'
import { bandNameOf } from '../../config/public-config'
import { useNewsList } from '../../features/news/api/get-news-list'
import { useNewsPost } from '../../features/news/api/get-news-post'
import {
  buildNewsArticleJsonLd,
  buildNewsListJsonLd,
  coverImageUrl,
  type NewsJsonLdContext,
} from '../../features/news/utils/news-json-ld'
import {
  NEWS_PAGE_SIZE,
  newsPageCount,
  newsPagePath,
  newsPostPath,
  parseNewsPage,
} from '../../features/news/utils/news-paging'
import { useSiteSettings } from '../../features/site/api/get-site-settings'
import { useImageUrl } from '../../lib/content-context'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { PageSeo } from '../page-seo'
import { JsonLdPlaceholder } from '../seo/json-ld-placeholder'
import { JsonLdScript } from '../seo/json-ld-script'
import { NotFoundPage } from './not-found'
// Here, not in the lazy page: server-rendered news pages must be styled before the page code arrives.
import '../../features/news/components/news.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

const NewsPage = lazy(() =>
  import('../../features/news/news-page').then((module) => ({ default: module.NewsPage })),
)
const NewsPostPage = lazy(() =>
  import('../../features/news/news-page').then((module) => ({ default: module.NewsPostPage })),
)

const newsDescription = (bandName: string) =>
  `News from ${bandName}: new releases, tours and stories from the road.`

function useNewsJsonLdContext(): NewsJsonLdContext {
  return { settings: useSiteSettings(), imageUrl: useImageUrl(), absolute: useAbsoluteUrl() }
}

function FeedLink() {
  const absolute = useAbsoluteUrl()
  const bandName = bandNameOf(useSiteSettings())
  return (
    <link
      rel="alternate"
      type="application/rss+xml"
      title={`${bandName} news`}
      href={absolute('/news/rss.xml')}
    />
  )
}

/** The requested page, or null for a malformed one (the loader answered 404 for it). */
function usePageNumber(): number | null {
  const [searchParams] = useSearchParams()
  return parseNewsPage(searchParams.get('page'))
}

/** The list's metadata and JSON-LD, from the data the loader put in the cache (eager: the title is right
 * while the page code loads, and the page view reads it). */
function NewsListHead({ page }: { page: number }) {
  const { posts, total } = useNewsList(page)
  const context = useNewsJsonLdContext()
  const path = newsPagePath(page)
  const bandName = bandNameOf(context.settings)
  const title =
    page > 1 ? `News, page ${page} of ${newsPageCount(total)} · ${bandName}` : `News · ${bandName}`
  return (
    <>
      <PageSeo title={title} description={newsDescription(bandName)} path={path} />
      <FeedLink />
      {/* Built by the server only (json-ld-script.tsx). */}
      {import.meta.env.SSR ? (
        <JsonLdScript
          data={buildNewsListJsonLd(
            posts,
            { pageUrl: context.absolute(path), firstPosition: (page - 1) * NEWS_PAGE_SIZE + 1, title },
            context,
          )}
        />
      ) : (
        <JsonLdPlaceholder />
      )}
    </>
  )
}

function NewsPageNotFound() {
  return (
    <NotFoundPage
      hint={
        <>
          There is no such page of news. <Link to="/news">See the latest news</Link>.
        </>
      }
    />
  )
}

/**
 * /news: server-rendered with its data; on client-side navigation "Loading news..." shows while the code loads.
 * A malformed page number or a page past the last renders the 404 page (the loader set HTTP 404).
 */
export function NewsRoute() {
  const page = usePageNumber()
  return page === null ? <NewsPageNotFound /> : <NewsListRoute page={page} />
}

function NewsListRoute({ page }: { page: number }) {
  const { posts } = useNewsList(page)
  if (page > 1 && posts.length === 0) return <NewsPageNotFound />
  return (
    <>
      <NewsListHead page={page} />
      <Suspense fallback={<RouteFallback text="Loading news..." />}>
        <NewsPage page={page} />
      </Suspense>
    </>
  )
}

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

/** /news/:slug, like /news: metadata eager, page code lazy. */
export function NewsPostRoute() {
  const slug = useParams().slug ?? ''
  const absolute = useAbsoluteUrl()
  // The loader set HTTP 404 for a missing post; both renders show the 404 page from the cached `null`.
  if (!useNewsPost(slug)) return <PostNotFound />
  return (
    <>
      <NewsPostHead slug={slug} />
      <Suspense fallback={<RouteFallback text="Loading news..." />}>
        <NewsPostPage slug={slug} url={absolute(newsPostPath(slug))} />
      </Suspense>
    </>
  )
}
