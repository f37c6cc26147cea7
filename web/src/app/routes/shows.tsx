import { useSearchParams } from 'react-router'
import { useAreas } from '../../features/areas'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { useUpcomingShowsPage } from '../../features/shows/api/get-upcoming-shows'
import { UpcomingShowsPage } from '../../features/shows/upcoming-shows-page'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { buildShowJsonLd, showImages, showJsonLdUrls } from '../../features/shows/utils/show-json-ld'
import {
  areaFeedPath,
  SHOWS_FEED_PATH,
  upcomingShowsPageCount,
  upcomingShowsPagePath,
} from '../../features/shows/utils/show-paths'
import type { Show } from '../../features/shows/utils/show-rules'
import { useSiteSettings } from '../../features/site/api/get-site-settings'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { useImageUrl } from '../../lib/content-context'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { PageSeo } from '../page-seo'
import type { PageCache } from '../route-module'
import { JsonLdScript } from '../seo/json-ld-script'
import { CalendarFeedLink, describe, ShowNotFound } from './parts/show-parts'
import '../../features/shows/components/shows.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

/**
 * `?area=<slug>` is the tour in one area (ADR 192); a `?page=` or `?area=` value the route's `values`
 * (shows.server.ts) does not list is the route's one shared 404.
 */
export const cache: PageCache = { params: ['area', 'page'], notFound: ['area', 'page'] }

/** Each listed show as a MusicEvent, as its own page describes it, with the site's picture. */
function UpcomingShowsJsonLd({ shows }: { shows: Show[] }) {
  const locale = useLocale()
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const words = useMessages().shows
  const bandName = settings?.bandName || null
  const picture = settings?.ogImage?.asset ? settings.ogImage : settings?.bandPhoto
  const images = showImages(picture, imageUrl, absolute)
  if (shows.length === 0) return null
  return (
    <JsonLdScript
      data={shows.map((show) =>
        buildShowJsonLd(show, {
          bandName,
          ...showJsonLdUrls(absolute, locale, show.slug),
          images,
          description: describe(show, bandName, words),
          locale,
        }),
      )}
    />
  )
}

type ChosenArea = { slug: string; name: string } | null

function UpcomingShowsHead({
  page,
  pageCount,
  shows,
  area,
}: {
  page: number
  pageCount: number
  shows: Show[]
  area: ChosenArea
}) {
  const bandName = useSiteSettings()?.bandName || null
  const { shows: words, calendar } = useMessages()
  const heading = words.upcomingTitle(area?.name ?? null, page, pageCount)
  return (
    <>
      <PageSeo
        title={[heading, bandName].filter(Boolean).join(' · ')}
        description={words.upcomingDescription(bandName, area?.name ?? null)}
        path={upcomingShowsPagePath(page, area?.slug ?? null)}
      />
      <CalendarFeedLink />
      {area ? <CalendarFeedLink path={areaFeedPath(area.slug)} title={calendar.areaFeed(area.name)} /> : null}
      <UpcomingShowsJsonLd shows={shows} />
    </>
  )
}

/**
 * /shows and /shows?area=<slug>: a malformed page number, a page past the last or an area that names none
 * renders the 404 page (the loader set 404).
 */
export function Page() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  const areaSlug = searchParams.get('area')
  const absolute = useAbsoluteUrl()
  const area = useAreas().find((known) => known.slug === areaSlug)
  const { shows, total } = pastShowsPage(useUpcomingShowsPage(page ?? 1, areaSlug), useLocale())
  if (page === null || (page > 1 && shows.length === 0)) return <ShowNotFound />
  if (areaSlug !== null && !area?.slug) return <ShowNotFound />
  const chosen = area?.slug ? { slug: area.slug, name: area.name ?? area.slug } : null
  return (
    <>
      <UpcomingShowsHead page={page} pageCount={upcomingShowsPageCount(total)} shows={shows} area={chosen} />
      <UpcomingShowsPage
        page={page}
        area={chosen?.slug ?? null}
        feedUrl={absolute(chosen ? areaFeedPath(chosen.slug) : SHOWS_FEED_PATH)}
      />
    </>
  )
}
