import { Link } from 'react-router'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useNow } from '../../../lib/now'
import { TourCalendarLinks } from '../../shows'
import { PAST_SHOWS_PATH, SHOWS_FEED_PATH, UPCOMING_SHOWS_PATH } from '../../shows'
import { useTourDates } from '../api/get-tour-dates'
import { homeTour } from '../utils/event-rules'
import { EventList } from './event-list'
import './events-section.css'

/** #events: the tour dates, with the newsletter and anniversary-tour links of docs/fan-site-rules.md §2. */
export function EventsSection() {
  const { events, upcomingTotal } = homeTour(useTourDates(), useNow())
  const absolute = useAbsoluteUrl()
  return (
    <section id="events" className="section events" aria-labelledby="events-title" tabIndex={-1}>
      <div className="section__inner">
        <h2 id="events-title" className="section__title">
          Events
        </h2>
        <p className="events__intro">
          Catch us on the road this season. New dates are announced to our{' '}
          <Link to={{ search: '?newsletter=true' }} preventScrollReset>
            newsletter
          </Link>{' '}
          first, and you can read all about our <Link to="/news">ten-year anniversary tour</Link> in the news.
        </p>
        {events.length > 0 ? (
          <EventList events={events} />
        ) : (
          <p className="events__empty">No shows announced right now. Check back soon.</p>
        )}
        <p className="events__more">
          {upcomingTotal > 0 ? (
            <>
              <Link to={UPCOMING_SHOWS_PATH}>
                {upcomingTotal === 1 ? 'The upcoming show' : `All ${upcomingTotal} upcoming shows`}
              </Link>
              {' · '}
            </>
          ) : null}
          <Link to={PAST_SHOWS_PATH}>All past shows</Link>, with setlists and notes.
        </p>
        <TourCalendarLinks feedUrl={absolute(SHOWS_FEED_PATH)} className="events__calendar" />
      </div>
    </section>
  )
}
