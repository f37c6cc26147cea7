import { Link } from 'react-router'
import type { SiteSettings } from '../api/get-site-settings'
import './contact-section.css'

/** Booking by e-mail, and the newsletter (a `?newsletter=true` link: the newsletter feature opens its popup). */
export function ContactSection({ settings }: { settings: SiteSettings | null }) {
  const email = settings?.bookingEmail
  return (
    <section
      id="contact"
      className="section section--accent contact"
      aria-labelledby="contact-title"
      tabIndex={-1}
    >
      <div className="section__inner">
        <h2 id="contact-title" className="section__title">
          Contact
        </h2>
        <p className="contact__lead">
          Booking a fandango, a festival or a wedding out west? Write to us and we will ride over.
        </p>
        {email ? (
          <p className="contact__email">
            Booking: <a href={`mailto:${email}`}>{email}</a>
          </p>
        ) : null}
        <p>
          Never miss a show:{' '}
          <Link to={{ search: '?newsletter=true' }} preventScrollReset>
            join our newsletter
          </Link>
          .
        </p>
      </div>
    </section>
  )
}
