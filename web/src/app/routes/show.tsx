import { useParams } from 'react-router'
import { useShow, type ShowPageData } from '../../features/shows/api/get-show'
import { ShowPage } from '../../features/shows/shows-page'
import { buildShowJsonLd, showImages, showJsonLdUrls } from '../../features/shows/utils/show-json-ld'
import { SHOWS_FEED_PATH, showCalendarPath, showPath } from '../../features/shows/utils/show-paths'
import { showTitle, toShow, type Show } from '../../features/shows/utils/show-rules'
import { useSiteSettings, type SiteSettings } from '../../features/site/api/get-site-settings'
import { useAbsoluteUrl } from '../../lib/absolute-url'
import { useImageUrl } from '../../lib/content-context'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { PageSeo } from '../page-seo'
import { JsonLdScript } from '../seo/json-ld-script'
import { CalendarFeedLink, describe, ShowNotFound } from './parts/show-parts'
import '../../features/shows/components/shows.css'
import '../../components/content/youtube-facade.css'
import '../../components/ui/play-triangle.css'

/** The page's picture: the show's first photo or video poster, else the site's sharing image, else the band photo. */
function showPicture(data: ShowPageData, settings: SiteSettings | null) {
  for (const item of data.media ?? []) {
    const picture = item?.kind === 'image' ? item.image : item?.poster
    if (picture?.asset) return { ...picture, alt: item?.alt ?? null }
  }
  return settings?.ogImage?.asset ? settings.ogImage : settings?.bandPhoto
}

function ShowHead({ data, show }: { data: ShowPageData; show: Show }) {
  const locale = useLocale()
  const settings = useSiteSettings()
  const imageUrl = useImageUrl()
  const absolute = useAbsoluteUrl()
  const { shows, calendar } = useMessages()
  const bandName = settings?.bandName || null
  const picture = showPicture(data, settings)
  const images = showImages(picture, imageUrl, absolute)
  const line = describe(show, bandName, shows)
  const description = show.notes ? `${line} ${show.notes}` : line
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
        title={calendar.entry(showTitle(show))}
        href={absolute(showCalendarPath(show.slug))}
      />
      <CalendarFeedLink />
      <JsonLdScript
        data={buildShowJsonLd(show, {
          bandName,
          ...showJsonLdUrls(absolute, locale, show.slug),
          images,
          description,
          locale,
        })}
      />
    </>
  )
}

/** /shows/:slug: the 404 page for an unknown show (the loader set HTTP 404), else metadata and page. */
export function Page() {
  const slug = useParams().slug ?? ''
  const absolute = useAbsoluteUrl()
  const data = useShow(slug)
  const locale = useLocale()
  const show = data ? toShow(data, locale) : null
  if (!data || !show) return <ShowNotFound />
  return (
    <>
      <ShowHead data={data} show={show} />
      <ShowPage slug={slug} feedUrl={absolute(SHOWS_FEED_PATH)} />
    </>
  )
}
