import { useSearchParams } from 'react-router'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { useShowArchivePage } from '../../features/shows/api/get-show-archive'
import { PastShowsPage } from '../../features/shows/shows-page'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { pastShowsPageCount, pastShowsPagePath, SHOWS_FEED_PATH } from '../../features/shows/utils/show-paths'
import { useSiteSettings } from '../../features/site/api/get-site-settings'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { PageSeo } from '../page-seo'
import type { PageCache } from '../route-module'
import { CalendarFeedLink, ShowNotFound } from './parts/show-parts'
import '../../features/shows/components/shows.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

/** A `?page=` value the route's `values` (shows-past.server.ts) does not list is the route's one shared 404. */
export const cache: PageCache = { params: ['page'], notFound: ['page'] }

function PastShowsHead({ page, pageCount }: { page: number; pageCount: number }) {
  const bandName = useSiteSettings()?.bandName || null
  const { shows } = useMessages()
  const heading = shows.pastTitle(page, pageCount)
  return (
    <>
      <PageSeo
        title={[heading, bandName].filter(Boolean).join(' · ')}
        description={shows.pastDescription(bandName)}
        path={pastShowsPagePath(page)}
      />
      <CalendarFeedLink />
    </>
  )
}

/** /shows/past: a malformed page number or a page past the last renders the 404 page (the loader set 404). */
export function Page() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  const absolute = useAbsoluteUrl()
  const { shows, total } = pastShowsPage(useShowArchivePage(page ?? 1), useLocale())
  if (page === null || (page > 1 && shows.length === 0)) return <ShowNotFound />
  return (
    <>
      <PastShowsHead page={page} pageCount={pastShowsPageCount(total)} />
      <PastShowsPage page={page} feedUrl={absolute(SHOWS_FEED_PATH)} />
    </>
  )
}
