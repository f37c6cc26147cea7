import { useEditAttributes } from '../../../lib/preview/edit-target'
import type { Show } from '../utils/show-rules'
import { addressLabel } from '../utils/show-rules'

function Time({ value, withDate }: { value: Show['start']; withDate?: boolean }) {
  return <time dateTime={value.iso}>{withDate ? `${value.date}, ${value.time}` : value.time}</time>
}

/** What the status means for a fan, in words; postponed shows say what changed. */
function StatusText({ show, past }: { show: Show; past: boolean }) {
  if (show.status === 'postponed' && show.previousStart) {
    return (
      <>
        Postponed to <Time value={show.start} withDate /> (first announced for{' '}
        <Time value={show.previousStart} withDate />)
      </>
    )
  }
  if (show.status === 'postponed') return <>Postponed: the new date will be announced here</>
  if (show.status === 'cancelled') return <>Cancelled</>
  if (past) return <>This show has passed</>
  return <>{show.statusLabel}</>
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
  const field = (path: string) => edit({ id: show.id, type: 'event', path })
  return (
    <dl className="show-details">
      <div className="show-details__row">
        <dt>Date</dt>
        <dd>
          <time dateTime={show.start.iso} {...field('startsAt')}>
            {show.start.date}
          </time>
        </dd>
      </div>
      {show.doors ? (
        <div className="show-details__row">
          <dt>Doors</dt>
          <dd {...field('doorsTime')}>
            <Time value={show.doors} />
          </dd>
        </div>
      ) : null}
      <div className="show-details__row">
        <dt>Show</dt>
        <dd {...field('startsAt')}>
          <Time value={show.start} /> <span className="show-details__zone">venue time ({show.timeZone})</span>
        </dd>
      </div>
      <div className="show-details__row">
        <dt>Venue</dt>
        <dd>
          <span className="show-details__venue">{show.venue}</span>
          <br />
          <span className="show-details__address">{addressLabel(show)}</span>
          <br />
          <a href={show.mapUrl} target="_blank" rel="noopener">
            Map<span className="visually-hidden"> of {show.venue} (opens in a new tab)</span>
          </a>
        </dd>
      </div>
      <div className="show-details__row">
        <dt>Status</dt>
        <dd className={`show-details__status show-details__status--${show.status}`} {...field('status')}>
          <StatusText show={show} past={past} />
        </dd>
      </div>
      {show.priceLabel ? (
        <div className="show-details__row">
          <dt>Price</dt>
          <dd {...field('price')}>From {show.priceLabel}</dd>
        </div>
      ) : null}
      {ticketLink ? (
        <div className="show-details__row show-details__row--action">
          <dt className="visually-hidden">Tickets</dt>
          <dd>
            <a className="button button--primary" href={ticketLink} target="_blank" rel="noopener">
              Tickets<span className="visually-hidden"> for {show.venue} (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
