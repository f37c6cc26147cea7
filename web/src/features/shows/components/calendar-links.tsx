import { SHOWS_FEED_PATH, webcalUrl } from '../utils/show-paths'

/**
 * The tour as a calendar subscription: `webcal://` opens the calendar app's "subscribe" dialog, the plain
 * address is what to paste into apps that ask for one (Google Calendar's "From URL").
 */
export function TourCalendarLinks({
  feedUrl,
  className,
  path = SHOWS_FEED_PATH,
  name = 'the tour calendar',
}: {
  feedUrl: string
  className?: string
  /** The feed's own path (an area's, /shows/area/<slug>.ics), absolute in `feedUrl`. */
  path?: string
  name?: string
}) {
  return (
    <p className={className}>
      <a href={webcalUrl(feedUrl)}>Subscribe to {name}</a>{' '}
      <span className="calendar-links__alt">
        (or add{' '}
        <a href={path} type="text/calendar">
          the calendar feed’s address
        </a>{' '}
        to your calendar app)
      </span>
    </p>
  )
}
