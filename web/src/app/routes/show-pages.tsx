/**
 * The show routes' metadata and pages, one lazy chunk with the page code (web/src/features/shows/shows-page.tsx):
 * the entry bundle carries only the loaders (routes/shows.tsx). The server waits for lazy code before it sends a
 * page, so crawlers still get the title, canonical URL and JSON-LD in the HTML (ADR 120).
 */
import { Link, useParams, useSearchParams } from 'react-router'
import { useAreas } from '../../features/areas'
import { placeLabel } from '../../features/events/utils/event-rules'
import { parseNewsPage } from '../../features/news/utils/news-paging'
import { useShow, type ShowPageData } from '../../features/shows/api/get-show'
import { useShowArchivePage } from '../../features/shows/api/get-show-archive'
import { useUpcomingShowsPage } from '../../features/shows/api/get-upcoming-shows'
import { PastShowsPage, ShowPage } from '../../features/shows/shows-page'
import { UpcomingShowsPage } from '../../features/shows/upcoming-shows-page'
import { pastShowsPage } from '../../features/shows/utils/past-shows'
import { buildShowJsonLd, showImages, showName } from '../../features/shows/utils/show-json-ld'
import {
  areaFeedPath,
  pastShowsPageCount,
  pastShowsPagePath,
  SHOWS_FEED_PATH,
  showCalendarPath,
  showPath,
  upcomingShowsPageCount,
  upcomingShowsPagePath,
} from '../../features/shows/utils/show-paths'
import { showTitle, toShow, type Show } from '../../features/shows/utils/show-rules'
import { useSiteSettings, type SiteSettings } from '../../features/site/api/get-site-settings'
import { useImageUrl } from '../../lib/content-context'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { PageSeo } from '../page-seo'
import { JsonLdScript } from '../seo/json-ld-script'
import { NotFoundPage } from './not-found'

function CalendarFeedLink({
  path = SHOWS_FEED_PATH,
  title = 'Tour calendar',
}: {
  path?: string
  title?: string
}) {
  const absolute = useAbsoluteUrl()
  return <link rel="alternate" type="text/calendar" title={title} href={absolute(path)} />
}

/** The page's picture: the show's first photo or video poster, else the site's sharing image, else the band photo. */
function showPicture(data: ShowPageData, settings: SiteSettings | null) {
  for (const item of data.media ?? []) {
    const picture = item?.kind === 'image' ? item.image : item?.poster
    if (picture?.asset) return { ...picture, alt: item?.alt ?? null }
  }
  return settings?.ogImage?.asset ? settings.ogImage : settings?.bandPhoto
}

function describe(show: Show, bandName: string | null): string {
  const when = `${show.start.date}, ${show.start.time}`
  const status =
    show.status === 'cancelled' ? ' Cancelled.' : show.status === 'postponed' ? ' Postponed.' : ''
  return `${showName(show, bandName)}, ${placeLabel(show)}: ${when}.${status}`
}

function ShowHead({ data, show }: { data: ShowPageData; show: Show }) {
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const bandName = settings?.bandName || null
  const picture = showPicture(data, settings)
  const images = showImages(picture, imageUrl, absolute)
  const description = show.notes ? `${describe(show, bandName)} ${show.notes}` : describe(show, bandName)
  const path = showPath(show.slug)
  return (
    <>
      <PageSeo
        title={[`${showTitle(show)} · ${show.start.date}`, bandName].filter(Boolean).join(' · ')}
        description={description.slice(0, 300)}
        image={images[0]}
        imageAlt={picture?.alt}
        path={path}
      />
      <link
        rel="alternate"
        type="text/calendar"
        title={`${showTitle(show)} (calendar entry)`}
        href={absolute(showCalendarPath(show.slug))}
      />
      <CalendarFeedLink />
      <JsonLdScript
        data={buildShowJsonLd(show, {
          bandName,
          homeUrl: absolute('/'),
          pageUrl: absolute(path),
          images,
          description,
        })}
      />
    </>
  )
}

function ShowNotFound() {
  return (
    <NotFoundPage
      hint={
        <>
          There is no show at this address. <Link to="/shows">See the upcoming shows</Link> or the{' '}
          <Link to="/shows/past">past shows</Link>.
        </>
      }
    />
  )
}

/** /shows/:slug: the 404 page for an unknown show (the loader set HTTP 404), else metadata and page. */
export function ShowRouteContent() {
  const slug = useParams().slug ?? ''
  const absolute = useAbsoluteUrl()
  const data = useShow(slug)
  const show = data ? toShow(data) : null
  if (!data || !show) return <ShowNotFound />
  return (
    <>
      <ShowHead data={data} show={show} />
      <ShowPage slug={slug} feedUrl={absolute(SHOWS_FEED_PATH)} />
    </>
  )
}

function PastShowsHead({ page, pageCount }: { page: number; pageCount: number }) {
  const bandName = useSiteSettings()?.bandName || null
  const heading = page > 1 ? `Past shows, page ${page} of ${pageCount}` : 'Past shows'
  return (
    <>
      <PageSeo
        title={[heading, bandName].filter(Boolean).join(' · ')}
        description={`Every show ${bandName ?? 'the band'} has played, newest first, with setlists and notes.`}
        path={pastShowsPagePath(page)}
      />
      <CalendarFeedLink />
    </>
  )
}

/** /shows/past: a malformed page number or a page past the last renders the 404 page (the loader set 404). */
export function PastShowsRouteContent() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  const absolute = useAbsoluteUrl()
  const { shows, total } = pastShowsPage(useShowArchivePage(page ?? 1))
  if (page === null || (page > 1 && shows.length === 0)) return <ShowNotFound />
  return (
    <>
      <PastShowsHead page={page} pageCount={pastShowsPageCount(total)} />
      <PastShowsPage page={page} feedUrl={absolute(SHOWS_FEED_PATH)} />
    </>
  )
}

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

function UpcomingShowsHead({
  page,
  pageCount,
  shows,
  area,
}: {
  page: number
  pageCount: number
  shows: Show[]
  area: { slug: string; name: string } | null
}) {
  const bandName = useSiteSettings()?.bandName || null
  const where = area ? ` in ${area.name}` : ''
  const heading = page > 1 ? `Upcoming shows${where}, page ${page} of ${pageCount}` : `Upcoming shows${where}`
  return (
    <>
      <PageSeo
        title={[heading, bandName].filter(Boolean).join(' · ')}
        description={`Where to see ${bandName ?? 'the band'} live${where}: every upcoming show, with tickets.`}
        path={upcomingShowsPagePath(page, area?.slug ?? null)}
      />
      <CalendarFeedLink />
      {area ? <CalendarFeedLink path={areaFeedPath(area.slug)} title={`${area.name} calendar`} /> : null}
      <UpcomingShowsJsonLd shows={shows} />
    </>
  )
}

/**
 * /shows and /shows?area=<slug>: a malformed page number, a page past the last or an area that names none
 * renders the 404 page (the loader set 404).
 */
export function UpcomingShowsRouteContent() {
  const [searchParams] = useSearchParams()
  const page = parseNewsPage(searchParams.get('page'))
  const areaSlug = searchParams.get('area')
  const absolute = useAbsoluteUrl()
  const area = useAreas().find((known) => known.slug === areaSlug)
  const { shows, total } = pastShowsPage(useUpcomingShowsPage(page ?? 1, areaSlug))
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
