import { TextWithName } from '../../../components/content/text-with-name'
import { useMessages } from '../../../lib/i18n/messages'
import type { AreaName } from './area-filter'
import { SHOWS_FEED_PATH, webcalUrl } from '../utils/show-paths'

/**
 * The tour as a calendar subscription: `webcal://` opens the calendar app's "subscribe" dialog, the plain
 * address is what to paste into apps that ask for one (Google Calendar's "From URL").
 */
export function TourCalendarLinks({
  feedUrl,
  className,
  path = SHOWS_FEED_PATH,
  area,
}: {
  feedUrl: string
  className?: string
  /** The feed's own path (an area's, /shows/area/<slug>.ics), absolute in `feedUrl`. */
  path?: string
  /** The area whose calendar is subscribed to ("the Los Angeles calendar"); the tour's calendar by default. */
  area?: AreaName
}) {
  const { calendar } = useMessages()
  const subscribe = calendar.subscribe(area ? calendar.area(area.name) : calendar.tour)
  return (
    <p className={className}>
      <a href={webcalUrl(feedUrl)}>
        <TextWithName text={subscribe} name={area?.name ?? null} lang={area?.lang ?? null} />
      </a>{' '}
      <span className="calendar-links__alt">
        {calendar.orAdd}{' '}
        <a href={path} type="text/calendar">
          {calendar.feedAddress}
        </a>{' '}
        {calendar.toYourApp}
      </span>
    </p>
  )
}
