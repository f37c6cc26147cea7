import { Link } from 'react-router'
import { useEditAttributes, useIsDraftPage, type EditAttributes } from '../../../lib/preview/edit-target'
import { useMessages } from '../../../lib/i18n/messages'
import { showPath } from '../../shows'
import { placeLabel, type ListedEvent } from '../utils/event-rules'

/**
 * Date, venue, city and the action: a ticket link (new tab), a status, or a past show's struck-through status.
 * The whole row also links to the show's page: a link stretched under the row (ADR 120), so the list's
 * columns and actions stay as they are and the ticket link stays on top of it.
 */
export function EventList({ events }: { events: ListedEvent[] }) {
  // Draft pages only: the date and status are not plain strings from content, so they carry no stega (ADR 160).
  const edit = useEditAttributes()
  // On a draft page the stretched link lets the pointer through, so the click-to-edit overlay sees the texts.
  const linkStyle = useIsDraftPage() ? { pointerEvents: 'none' as const } : undefined
  const { events: words } = useMessages()
  return (
    <ul className="event-list">
      {events.map((event) => (
        <li key={event.id} className="event-list__row">
          {event.slug ? (
            <Link className="event-list__link" to={showPath(event.slug)} style={linkStyle}>
              <span className="visually-hidden">
                {words.showDetails(event.venue, placeLabel(event), event.dateLabel)}
              </span>
            </Link>
          ) : null}
          <div className={`event-list__item${event.isPast ? ' event-list__item--past' : ''}`}>
            <time
              className="event-list__date"
              dateTime={event.startDate}
              {...edit({ id: event.id, type: 'event', path: 'startsAt' })}
            >
              {event.dateLabel}
            </time>
            <span className="event-list__venue">{event.venue}</span>
            <span className="event-list__city">{placeLabel(event)}</span>
            <span className="event-list__action">
              <EventAction event={event} edit={edit} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  )
}

function EventAction({ event, edit }: { event: ListedEvent; edit: EditAttributes }) {
  const { events: words, common } = useMessages()
  const label = words.status[event.status]
  if (event.ticketLink) {
    return (
      <a
        className="button button--primary"
        href={event.ticketLink}
        target="_blank"
        rel="noopener"
        {...edit({ id: event.id, type: 'event', path: 'ticketUrl' })}
      >
        {label}
        <span className="visually-hidden">{common.ticketsFor(event.venue)}</span>
      </a>
    )
  }
  if (event.isPast) {
    return (
      <s
        className="event-list__status event-list__status--past"
        {...edit({ id: event.id, type: 'event', path: 'status' })}
      >
        <span className="visually-hidden">{words.pastShow}</span>
        {label}
      </s>
    )
  }
  return (
    <span
      className={`event-list__status event-list__status--${event.status}`}
      {...edit({ id: event.id, type: 'event', path: 'status' })}
    >
      {label}
    </span>
  )
}
