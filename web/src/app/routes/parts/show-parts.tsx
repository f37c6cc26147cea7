import { Link } from 'react-router'
import { placeLabel } from '../../../features/events/utils/event-rules'
import { SHOWS_FEED_PATH } from '../../../features/shows/utils/show-paths'
import type { Show } from '../../../features/shows/utils/show-rules'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { useMessages, type Messages } from '../../../lib/i18n/messages'
import { NotFoundPage } from '../not-found'

// What the show routes' pages share (show.tsx, shows.tsx, shows-past.tsx).

export function CalendarFeedLink({ path = SHOWS_FEED_PATH, title }: { path?: string; title?: string }) {
  const absolute = useAbsoluteUrl()
  const { calendar } = useMessages()
  return (
    <link rel="alternate" type="text/calendar" title={title ?? calendar.tourFeed} href={absolute(path)} />
  )
}

/** A show in one line, in the page's language: name, place, date and time, and whether it is off. */
export function describe(show: Show, bandName: string | null, words: Messages['shows']): string {
  const when = `${show.start.date}, ${show.start.time}`
  const status =
    show.status === 'cancelled' || show.status === 'postponed' ? words.describeStatus[show.status] : ''
  return `${words.showName(bandName, show.venue)}, ${placeLabel(show)}: ${when}.${status}`
}

export function ShowNotFound() {
  const { notFound } = useMessages()
  return (
    <NotFoundPage
      hint={
        <>
          {notFound.show} <Link to="/shows">{notFound.upcomingShows}</Link> {notFound.or}{' '}
          <Link to="/shows/past">{notFound.pastShows}</Link>.
        </>
      }
    />
  )
}
