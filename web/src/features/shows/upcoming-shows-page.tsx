/**
 * /shows: the tour, every upcoming show a page at a time, soonest first (ADR 172). Its data is already in the
 * query cache: the route loader fetched it (web/src/app/routes/shows.server.ts).
 */
import { Link } from 'react-router'
import { Pager } from '../../components/ui/pager'
import { useNow } from '../../lib/now'
import { useUpcomingShowsPage } from './api/get-upcoming-shows'
import { TourCalendarLinks } from './components/calendar-links'
import { pastShowsPage } from './utils/past-shows'
import { PAST_SHOWS_PATH, showPath, upcomingShowsPageCount, upcomingShowsPagePath } from './utils/show-paths'
import { showTicketLink, showTitle, type Show } from './utils/show-rules'

function UpcomingShowCard({ show, ticketLink }: { show: Show; ticketLink: string | null }) {
  return (
    <li className="upcoming-show">
      <p className="upcoming-show__when">
        <time dateTime={show.start.iso}>
          {show.start.date}, {show.start.time}
        </time>{' '}
        <span className="show-details__zone">venue time ({show.timeZone})</span>
      </p>
      <h2 className="upcoming-show__title">
        <Link to={showPath(show.slug)}>{showTitle(show)}</Link>
      </h2>
      <p className={`upcoming-show__status upcoming-show__status--${show.status}`}>
        {show.statusLabel}
        {show.priceLabel && show.status === 'onSale' ? `, from ${show.priceLabel}` : null}
      </p>
      {ticketLink ? (
        <p className="upcoming-show__action">
          <a className="button button--primary" href={ticketLink} target="_blank" rel="noopener">
            Tickets<span className="visually-hidden"> for {show.venue} (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </li>
  )
}

/** /shows and /shows?page=n; `feedUrl` is the tour calendar's absolute address. */
export function UpcomingShowsPage({ page, feedUrl }: { page: number; feedUrl: string }) {
  const { shows, total } = pastShowsPage(useUpcomingShowsPage(page))
  const now = useNow()
  return (
    <main id="main" className="show show--archive" tabIndex={-1}>
      <header className="show__header">
        <p className="show__back">
          <Link to="/#events">← Home</Link>
          {' · '}
          <Link to={PAST_SHOWS_PATH}>Past shows</Link>
        </p>
        <h1>Upcoming shows</h1>
        <p className="upcoming-shows__count">
          {total === 1 ? 'One show' : `${total} shows`} ahead, dates and times in each venue’s time zone.
        </p>
      </header>
      {shows.length > 0 ? (
        <ol className="past-shows">
          {shows.map((show) => (
            <UpcomingShowCard key={show.id} show={show} ticketLink={showTicketLink(show, now)} />
          ))}
        </ol>
      ) : (
        <p>No shows announced right now. Check back soon.</p>
      )}
      <Pager
        page={page}
        pageCount={upcomingShowsPageCount(total)}
        pathFor={upcomingShowsPagePath}
        label="Upcoming shows pages"
        newer="Sooner shows"
        older="Later shows"
      />
      <TourCalendarLinks feedUrl={feedUrl} className="show__feed" />
    </main>
  )
}
