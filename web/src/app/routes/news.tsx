import { Link, useSearchParams } from 'react-router'
import { bandNameOf } from '../../config/public-config'
import { useNewsList } from '../../features/news/api/get-news-list'
import { FeedLink, useNewsJsonLdContext } from '../../features/news/components/news-head-parts'
import { NewsPage } from '../../features/news/news-page'
import { buildNewsListJsonLd } from '../../features/news/utils/news-json-ld'
import {
  NEWS_PAGE_SIZE,
  newsPageCount,
  newsPagePath,
  parseNewsPage,
} from '../../features/news/utils/news-paging'
import { PageSeo } from '../page-seo'
import type { PageCache } from '../route-module'
import { JsonLdPlaceholder } from '../seo/json-ld-placeholder'
import { JsonLdScript } from '../seo/json-ld-script'
import { NotFoundPage } from './not-found'
import '../../features/news/components/news.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'
import { useMessages } from '../../lib/i18n/messages'

/** A `?page=` value the route's `values` (news.server.ts) does not list is the route's one shared 404. */
export const cache: PageCache = { params: ['page'], notFound: ['page'] }

/** The list's metadata and JSON-LD, from the data the loader put in the cache. */
function NewsListHead({ page }: { page: number }) {
  const { posts, total } = useNewsList(page)
  const context = useNewsJsonLdContext()
  const path = newsPagePath(page)
  const bandName = bandNameOf(context.settings)
  const { news } = useMessages()
  const title = page > 1 ? news.pageTitle(page, newsPageCount(total), bandName) : news.documentTitle(bandName)
  return (
    <>
      <PageSeo title={title} description={news.description(bandName)} path={path} />
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
  const { notFound } = useMessages()
  return (
    <NotFoundPage
      hint={
        <>
          {notFound.newsPage} <Link to="/news">{notFound.latestNews}</Link>.
        </>
      }
    />
  )
}

function NewsListRoute({ page }: { page: number }) {
  const { posts } = useNewsList(page)
  if (page > 1 && posts.length === 0) return <NewsPageNotFound />
  return (
    <>
      <NewsListHead page={page} />
      <NewsPage page={page} />
    </>
  )
}

/** /news: a malformed page number or a page past the last renders the 404 page (the loader set HTTP 404). */
export function Page() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  return page === null ? <NewsPageNotFound /> : <NewsListRoute page={page} />
}
