import { Link } from 'react-router'
import { placeLabel } from '../../../features/events/utils/event-rules'
import { SHOWS_FEED_PATH } from '../../../features/shows/utils/show-paths'
import { showName } from '../../../features/shows/utils/show-json-ld'
import type { Show } from '../../../features/shows/utils/show-rules'
import { useAbsoluteUrl } from '../../../lib/absolute-url'
import { NotFoundPage } from '../not-found'

// What the show routes' pages share (show.tsx, shows.tsx, shows-past.tsx).

export function CalendarFeedLink({
  path = SHOWS_FEED_PATH,
  title = 'Tour calendar',
}: {
  path?: string
  title?: string
}) {
  const absolute = useAbsoluteUrl()
  return <link rel="alternate" type="text/calendar" title={title} href={absolute(path)} />
}

/** A show in one line: name, place, date and time, and whether it is off. */
export function describe(show: Show, bandName: string | null): string {
  const when = `${show.start.date}, ${show.start.time}`
  const status =
    show.status === 'cancelled' ? ' Cancelled.' : show.status === 'postponed' ? ' Postponed.' : ''
  return `${showName(show, bandName)}, ${placeLabel(show)}: ${when}.${status}`
}

export function ShowNotFound() {
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
