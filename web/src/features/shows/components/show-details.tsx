import { useEditAttributes } from '../../../lib/preview/edit-target'
import { useMessages } from '../../../lib/i18n/messages'
import type { Show } from '../utils/show-rules'
import { addressLabel, showStatusKey } from '../utils/show-rules'

function Time({ value, withDate }: { value: Show['start']; withDate?: boolean }) {
  return <time dateTime={value.iso}>{withDate ? `${value.date}, ${value.time}` : value.time}</time>
}

/** What the status means for a fan, in words; postponed shows say what changed. */
function StatusText({ show, past }: { show: Show; past: boolean }) {
  const { shows } = useMessages()
  if (show.status === 'postponed' && show.previousStart) {
    return (
      <>
        {shows.postponedTo} <Time value={show.start} withDate /> ({shows.firstAnnounced}{' '}
        <Time value={show.previousStart} withDate />)
      </>
    )
  }
  if (show.status === 'postponed') return <>{shows.postponedNoDate}</>
  if (show.status === 'cancelled') return <>{shows.status.cancelled}</>
  if (past) return <>{shows.passed}</>
  return <>{shows.status[showStatusKey(show)]}</>
}

/** Date, times in the venue's zone (with its offset in `datetime`), place with a map link, status and price. */
export function ShowDetails({
  show,
  past,
  ticketLink,
}: {
  show: Show
  past: boolean
  ticketLink: string | null
}) {
  // Dates, times, the status and the price carry no stega: the overlay finds them by these (ADR 160).
  const edit = useEditAttributes()
  const { shows, common } = useMessages()
  const field = (path: string) => edit({ id: show.id, type: 'event', path })
  return (
    <dl className="show-details">
      <div className="show-details__row">
        <dt>{shows.date}</dt>
        <dd>
          <time dateTime={show.start.iso} {...field('startsAt')}>
            {show.start.date}
          </time>
        </dd>
      </div>
      {show.doors ? (
        <div className="show-details__row">
          <dt>{shows.doors}</dt>
          <dd {...field('doorsTime')}>
            <Time value={show.doors} />
          </dd>
        </div>
      ) : null}
      <div className="show-details__row">
        <dt>{shows.show}</dt>
        <dd {...field('startsAt')}>
          <Time value={show.start} />{' '}
          <span className="show-details__zone">{shows.venueTime(show.timeZone)}</span>
        </dd>
      </div>
      <div className="show-details__row">
        <dt>{shows.venue}</dt>
        <dd>
          <span className="show-details__venue">{show.venue}</span>
          <br />
          <span className="show-details__address">{addressLabel(show)}</span>
          <br />
          <a href={show.mapUrl} target="_blank" rel="noopener">
            {shows.map}
            <span className="visually-hidden">{shows.mapOf(show.venue)}</span>
          </a>
        </dd>
      </div>
      <div className="show-details__row">
        <dt>{shows.statusLabel}</dt>
        <dd className={`show-details__status show-details__status--${show.status}`} {...field('status')}>
          <StatusText show={show} past={past} />
        </dd>
      </div>
      {show.priceLabel ? (
        <div className="show-details__row">
          <dt>{shows.price}</dt>
          <dd {...field('price')}>{shows.from(show.priceLabel)}</dd>
        </div>
      ) : null}
      {ticketLink ? (
        <div className="show-details__row show-details__row--action">
          <dt className="visually-hidden">{common.tickets}</dt>
          <dd>
            <a className="button button--primary" href={ticketLink} target="_blank" rel="noopener">
              {common.tickets}
              <span className="visually-hidden">{common.ticketsFor(show.venue)}</span>
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
