import { Link } from 'react-router'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useLocale, useMessages } from '../../../lib/i18n/messages'
import { useNow } from '../../../lib/now'
import { TourCalendarLinks } from '../../shows'
import { PAST_SHOWS_PATH, SHOWS_FEED_PATH, UPCOMING_SHOWS_PATH } from '../../shows'
import { useTourDates } from '../api/get-tour-dates'
import { homeTour } from '../utils/event-rules'
import { EventList } from './event-list'
import './events-section.css'

/** #events: the tour dates, with the newsletter and anniversary-tour links of docs/fan-site-rules.md §2. */
export function EventsSection() {
  const locale = useLocale()
  const { events, upcomingTotal } = homeTour(useTourDates(), useNow(), locale)
  const absolute = useAbsoluteUrl()
  const { events: words } = useMessages()
  return (
    <section id="events" className="section events" aria-labelledby="events-title" tabIndex={-1}>
      <div className="section__inner">
        <h2 id="events-title" className="section__title">
          {words.title}
        </h2>
        <p className="events__intro">
          {words.introStart}{' '}
          <Link to={{ search: '?newsletter=true' }} preventScrollReset>
            {words.newsletter}
          </Link>{' '}
          {words.introMiddle} <Link to="/news">{words.anniversaryTour}</Link>
          {words.introEnd}
        </p>
        {events.length > 0 ? <EventList events={events} /> : <p className="events__empty">{words.empty}</p>}
        <p className="events__more">
          {upcomingTotal > 0 ? (
            <>
              <Link to={UPCOMING_SHOWS_PATH}>{words.upcomingShows(upcomingTotal)}</Link>
              {' · '}
            </>
          ) : null}
          <Link to={PAST_SHOWS_PATH}>{words.allPastShows}</Link>
          {words.withSetlists}
        </p>
        <TourCalendarLinks feedUrl={absolute(SHOWS_FEED_PATH)} className="events__calendar" />
      </div>
    </section>
  )
}
