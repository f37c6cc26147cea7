/**
 * /shows: the tour, every upcoming show a page at a time, soonest first (ADR 172). Its data is already in the
 * query cache: the route loader fetched it (web/src/app/routes/shows.server.ts).
 */
import { Link } from 'react-router'
import { TextWithName } from '../../components/content/text-with-name'
import { Pager } from '../../components/ui/pager'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { useNow } from '../../lib/now'
import { useAreas } from '../areas'
import { useUpcomingShowsPage } from './api/get-upcoming-shows'
import { AreaFilter, useAreaName } from './components/area-filter'
import { TourCalendarLinks } from './components/calendar-links'
import { pastShowsPage } from './utils/past-shows'
import {
  areaFeedPath,
  PAST_SHOWS_PATH,
  showPath,
  upcomingShowsPageCount,
  upcomingShowsPagePath,
} from './utils/show-paths'
import { showStatusKey, showTicketLink, showTitle, type Show } from './utils/show-rules'
import { showsByArea } from './utils/shows-by-area'

function UpcomingShowCard({
  show,
  ticketLink,
  Title,
}: {
  show: Show
  ticketLink: string | null
  /** h3 under an area's heading, h2 on an area's own page. */
  Title: 'h2' | 'h3'
}) {
  const { shows, common } = useMessages()
  return (
    <li className="upcoming-show">
      <p className="upcoming-show__when">
        <time dateTime={show.start.iso}>
          {show.start.date}, {show.start.time}
        </time>{' '}
        <span className="show-details__zone">{shows.venueTime(show.timeZone)}</span>
      </p>
      <Title className="upcoming-show__title">
        <Link to={showPath(show.slug)}>{showTitle(show)}</Link>
      </Title>
      <p className={`upcoming-show__status upcoming-show__status--${show.status}`}>
        {shows.status[showStatusKey(show)]}
        {show.priceLabel && show.status === 'onSale' ? shows.fromAfterStatus(show.priceLabel) : null}
      </p>
      {ticketLink ? (
        <p className="upcoming-show__action">
          <a className="button button--primary" href={ticketLink} target="_blank" rel="noopener">
            {common.tickets}
            <span className="visually-hidden">{common.ticketsFor(show.venue)}</span>
          </a>
        </p>
      ) : null}
    </li>
  )
}

function UpcomingShowList({ shows, Title }: { shows: Show[]; Title: 'h2' | 'h3' }) {
  const now = useNow()
  return (
    <ol className="past-shows">
      {shows.map((show) => (
        <UpcomingShowCard key={show.id} show={show} ticketLink={showTicketLink(show, now)} Title={Title} />
      ))}
    </ol>
  )
}

/** The whole tour's page: its shows under a heading per area, those with none last (ADR 192). */
function ShowsByArea({ shows }: { shows: Show[] }) {
  const t = useMessages().tourByArea
  const groups = showsByArea(
    shows,
    useAreas().flatMap((area) => area.slug ?? []),
  )
  return groups.map((group) => {
    const id = `area-${group.area?.slug ?? 'none'}`
    return (
      <section key={id} className="upcoming-shows__area" aria-labelledby={id}>
        <h2 id={id} className="upcoming-shows__area-name" lang={group.area?.nameLang ?? undefined}>
          {group.area ? group.area.name : t.everywhereElse}
        </h2>
        <UpcomingShowList shows={group.shows} Title="h3" />
      </section>
    )
  })
}

/**
 * /shows, /shows?page=n and /shows?area=<slug>; `feedUrl` is the absolute address of the calendar the page
 * offers (the area's when it lists one area).
 */
export function UpcomingShowsPage({
  page,
  area,
  feedUrl,
}: {
  page: number
  area: string | null
  feedUrl: string
}) {
  const { shows: upcoming, total } = pastShowsPage(useUpcomingShowsPage(page, area), useLocale())
  const areaName = useAreaName(area)
  const name = areaName?.name ?? null
  const nameLang = areaName?.lang ?? null
  const { shows } = useMessages()
  return (
    <main id="main" className="show show--archive" tabIndex={-1}>
      <header className="show__header">
        <p className="show__back">
          <Link to="/#events">{shows.homeBack}</Link>
          {' · '}
          <Link to={PAST_SHOWS_PATH}>{shows.pastShows}</Link>
        </p>
        <h1>
          <TextWithName text={shows.upcomingHeading(name)} name={name} lang={nameLang} />
        </h1>
        {/* With none ahead, the list's own "no shows announced" says so, not a count of zero. */}
        {total > 0 ? (
          <p className="upcoming-shows__count">
            <TextWithName text={shows.upcomingCount(total, name)} name={name} lang={nameLang} />
          </p>
        ) : null}
        <AreaFilter area={area} />
      </header>
      {upcoming.length === 0 ? (
        <p>
          <TextWithName text={shows.noneAnnounced(name)} name={name} lang={nameLang} />
        </p>
      ) : area === null ? (
        <ShowsByArea shows={upcoming} />
      ) : (
        <UpcomingShowList shows={upcoming} Title="h2" />
      )}
      <Pager
        page={page}
        pageCount={upcomingShowsPageCount(total)}
        pathFor={(n) => upcomingShowsPagePath(n, area)}
        label={shows.upcomingPages}
        newer={shows.sooner}
        older={shows.later}
      />
      {area && areaName ? (
        <TourCalendarLinks
          feedUrl={feedUrl}
          path={areaFeedPath(area)}
          area={areaName}
          className="show__feed"
        />
      ) : (
        <TourCalendarLinks feedUrl={feedUrl} className="show__feed" />
      )}
    </main>
  )
}
