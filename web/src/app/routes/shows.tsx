import { useSearchParams } from 'react-router'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { useUpcomingShowsPage } from '../../features/shows/api/get-upcoming-shows'
import { UpcomingShowsPage } from '../../features/shows/upcoming-shows-page'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { buildShowJsonLd, showImages } from '../../features/shows/utils/show-json-ld'
import {
  SHOWS_FEED_PATH,
  showPath,
  upcomingShowsPageCount,
  upcomingShowsPagePath,
} from '../../features/shows/utils/show-paths'
import type { Show } from '../../features/shows/utils/show-rules'
import { useSiteSettings } from '../../features/site/api/get-site-settings'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { useImageUrl } from '../../lib/content-context'
import { PageSeo } from '../page-seo'
import type { PageCache } from '../route-module'
import { JsonLdScript } from '../seo/json-ld-script'
import { CalendarFeedLink, describe, ShowNotFound } from './parts/show-parts'
import '../../features/shows/components/shows.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

/** A `?page=` value the route's `values` (shows.server.ts) does not list is the route's one shared 404. */
export const cache: PageCache = { params: ['page'], notFound: ['page'] }

/** Each listed show as a MusicEvent, as its own page describes it, with the site's picture. */
function UpcomingShowsJsonLd({ shows }: { shows: Show[] }) {
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const bandName = settings?.bandName || null
  const picture = settings?.ogImage?.asset ? settings.ogImage : settings?.bandPhoto
  const images = showImages(picture, imageUrl, absolute)
  if (shows.length === 0) return null
  return (
    <JsonLdScript
      data={shows.map((show) =>
        buildShowJsonLd(show, {
          bandName,
          homeUrl: absolute('/'),
          pageUrl: absolute(showPath(show.slug)),
          images,
          description: describe(show, bandName),
        }),
      )}
    />
  )
}

function UpcomingShowsHead({ page, pageCount, shows }: { page: number; pageCount: number; shows: Show[] }) {
  const bandName = useSiteSettings()?.bandName || null
  const heading = page > 1 ? `Upcoming shows, page ${page} of ${pageCount}` : 'Upcoming shows'
  return (
    <>
      <PageSeo
        title={[heading, bandName].filter(Boolean).join(' · ')}
        description={`Where to see ${bandName ?? 'the band'} live: every upcoming show, with tickets.`}
        path={upcomingShowsPagePath(page)}
      />
      <CalendarFeedLink />
      <UpcomingShowsJsonLd shows={shows} />
    </>
  )
}

/** /shows: a malformed page number or a page past the last renders the 404 page (the loader set 404). */
export function Page() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  const absolute = useAbsoluteUrl()
  const { shows, total } = pastShowsPage(useUpcomingShowsPage(page ?? 1))
  if (page === null || (page > 1 && shows.length === 0)) return <ShowNotFound />
  return (
    <>
      <UpcomingShowsHead page={page} pageCount={upcomingShowsPageCount(total)} shows={shows} />
      <UpcomingShowsPage page={page} feedUrl={absolute(SHOWS_FEED_PATH)} />
    </>
  )
}
