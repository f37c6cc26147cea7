/**
 * The show pages' code, loaded on demand like the news pages (ADR 060). Their data is already in the query
 * cache: the route loaders fetched it (web/src/app/routes/show.server.ts, shows-past.server.ts).
 */
import { Link } from 'react-router'
import { useSiteSettings } from '../site'
import { PostBody } from '../../components/content/post-body'
import { useLocale, useMessages } from '../../lib/i18n/messages'
import { useNow } from '../../lib/now'
import { useShow } from './api/get-show'
import { useShowArchivePage } from './api/get-show-archive'
import { TourCalendarLinks } from './components/calendar-links'
import { ShowDetails } from './components/show-details'
import { ShowMedia } from './components/show-media'
import { pastShowsPage } from './utils/past-shows'
import { Pager } from '../../components/ui/pager'
import {
  pastShowsPageCount,
  pastShowsPagePath,
  showCalendarPath,
  showPath,
  UPCOMING_SHOWS_PATH,
} from './utils/show-paths'
import { isPastShow, showTicketLink, showTitle, toShow, type Show } from './utils/show-rules'

function Setlist({ setlist, headingId }: { setlist: string[]; headingId: string }) {
  const { shows } = useMessages()
  if (setlist.length === 0) return null
  return (
    <>
      <h2 id={headingId}>{shows.setlist}</h2>
      <ol className="show-setlist">
        {setlist.map((song, index) => (
          <li key={`${index}-${song}`}>{song}</li>
        ))}
      </ol>
    </>
  )
}

/** /shows/:slug; `feedUrl` is the tour calendar's absolute address. */
export function ShowPage({ slug, feedUrl }: { slug: string; feedUrl: string }) {
  const data = useShow(slug)
  const settings = useSiteSettings()
  const now = useNow()
  const { shows } = useMessages()
  const locale = useLocale()
  const show = data ? toShow(data, locale) : null
  // The route loader answers 404 for a missing show, so this only guards a cache evicted mid-session.
  if (!data || !show) return null
  const past = isPastShow(show, now)
  return (
    <main id="main" className="show" tabIndex={-1}>
      <article className="show__article">
        <p className="show__back">
          <Link to={UPCOMING_SHOWS_PATH}>{shows.allShows}</Link>
          {' · '}
          <Link to="/shows/past">{shows.pastShows}</Link>
        </p>
        <header className="show__header">
          <h1>{shows.showName(settings?.bandName ?? null, show.venue)}</h1>
          <p className="show__place">{showTitle(show)}</p>
        </header>
        <ShowDetails show={show} past={past} ticketLink={showTicketLink(show, now)} />
        <p className="show__calendar">
          <a href={showCalendarPath(show.slug)} type="text/calendar" download={`${show.slug}.ics`}>
            {shows.addToCalendar}
            <span className="visually-hidden">: {showTitle(show)}</span>
          </a>
        </p>
        {data.promo?.body ? (
          <section className="show-section" aria-labelledby="show-promo-title">
            <h2 id="show-promo-title" lang={(data.promo.heading && data.promo.headingLang) || undefined}>
              {data.promo.heading || shows.aboutThisShow}
            </h2>
            <div lang={data.promo.bodyLang ?? undefined}>
              <PostBody value={data.promo.body} />
            </div>
          </section>
        ) : null}
        {show.notes || show.setlist.length > 0 ? (
          <section className="show-section" aria-labelledby="show-notes-title">
            {show.notes ? (
              <>
                <h2 id="show-notes-title">{shows.notes}</h2>
                <p className="show__notes" lang={show.notesLang ?? undefined}>
                  {show.notes}
                </p>
              </>
            ) : null}
            <Setlist
              setlist={show.setlist}
              headingId={show.notes ? 'show-setlist-title' : 'show-notes-title'}
            />
          </section>
        ) : null}
        <ShowMedia media={data.media} />
        <TourCalendarLinks feedUrl={feedUrl} className="show__feed" />
      </article>
    </main>
  )
}

function PastShowCard({ show }: { show: Show }) {
  const { shows } = useMessages()
  return (
    <li className="past-show">
      <time className="past-show__date" dateTime={show.start.iso}>
        {show.start.date}
      </time>
      <h2 className="past-show__title">
        <Link to={showPath(show.slug)}>{showTitle(show)}</Link>
      </h2>
      {show.status === 'cancelled' ? <p className="past-show__status">{shows.status.cancelled}</p> : null}
      {show.notes ? (
        <p className="past-show__notes" lang={show.notesLang ?? undefined}>
          {show.notes}
        </p>
      ) : null}
      {show.setlist.length > 0 ? (
        <details className="past-show__setlist">
          <summary>{shows.setlistSongs(show.setlist.length)}</summary>
          <ol>
            {show.setlist.map((song, index) => (
              <li key={`${index}-${song}`}>{song}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  )
}

/** /shows/past and /shows/past?page=n, newest first. */
export function PastShowsPage({ page, feedUrl }: { page: number; feedUrl: string }) {
  const { shows: past, total } = pastShowsPage(useShowArchivePage(page), useLocale())
  const { shows } = useMessages()
  return (
    <main id="main" className="show show--archive" tabIndex={-1}>
      <header className="show__header">
        <p className="show__back">
          <Link to={UPCOMING_SHOWS_PATH}>{shows.upcomingShowsBack}</Link>
        </p>
        <h1>{shows.pastShows}</h1>
      </header>
      {past.length > 0 ? (
        <ol className="past-shows">
          {past.map((show) => (
            <PastShowCard key={show.id} show={show} />
          ))}
        </ol>
      ) : (
        <p>{shows.noPastShows}</p>
      )}
      <Pager
        page={page}
        pageCount={pastShowsPageCount(total)}
        pathFor={pastShowsPagePath}
        label={shows.pastPages}
        newer={shows.moreRecent}
        older={shows.earlier}
      />
      <TourCalendarLinks feedUrl={feedUrl} className="show__feed" />
    </main>
  )
}
