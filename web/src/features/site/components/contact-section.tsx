import { Link } from 'react-router'
import type { SiteSettings } from '../api/get-site-settings'
import { useMessages } from '../../../lib/i18n/messages'
import './contact-section.css'

/** Booking by e-mail, and the newsletter (a `?newsletter=true` link: the newsletter feature opens its popup). */
export function ContactSection({ settings }: { settings: SiteSettings | null }) {
  const email = settings?.bookingEmail
  const { contact } = useMessages()
  return (
    <section
      id="contact"
      className="section section--accent contact"
      aria-labelledby="contact-title"
      tabIndex={-1}
    >
      <div className="section__inner">
        <h2 id="contact-title" className="section__title">
          {contact.title}
        </h2>
        <p className="contact__lead">{contact.lead}</p>
        {email ? (
          <p className="contact__email">
            {contact.booking} <a href={`mailto:${email}`}>{email}</a>
          </p>
        ) : null}
        <p>
          {contact.neverMiss}{' '}
          <Link to={{ search: '?newsletter=true' }} preventScrollReset>
            {contact.joinNewsletter}
          </Link>
          .
        </p>
      </div>
    </section>
  )
}
