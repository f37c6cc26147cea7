import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { bandNameOf } from '../../config/public-config'
import { useSiteSettings } from '../site'
import { popupMemory } from './popup-memory'

/** The band's name as the site settings give it (the site layout's loader has read them). */
const useBandName = () => bandNameOf(useSiteSettings())

/** Where the links in newsletter mail end (server/newsletter/newsletter-router.ts PAGES). */
function NewsletterPage({
  title,
  heading,
  children,
}: {
  title: string
  heading: string
  children: React.ReactNode
}) {
  const bandName = useBandName()
  return (
    <main id="main" className="newsletter-page">
      <title>{`${title} · ${bandName}`}</title>
      <meta name="robots" content="noindex" />
      <h1>{heading}</h1>
      {children}
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </main>
  )
}

/** /newsletter/confirmed[?status=invalid|expired]: the end of the confirmation link. */
export function NewsletterConfirmedPage() {
  const [params] = useSearchParams()
  const status = params.get('status')
  const confirmed = status !== 'invalid' && status !== 'expired'
  useEffect(() => {
    // Someone who confirmed is signed up: the popup should not ask them again in this browser.
    if (confirmed) popupMemory.markSignedUp()
  }, [confirmed])

  if (!confirmed) {
    return (
      <NewsletterPage title="Link invalid or expired" heading="This link is invalid or has expired">
        <p>
          Confirmation links work for 7 days. Sign up again from the{' '}
          <Link to="/?newsletter=true">newsletter form</Link> and we will send you a fresh one.
        </p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title="Subscription confirmed" heading="You're on the list!">
      <p>
        Thanks for confirming. You will hear from us about upcoming performances, new releases and exclusive
        content. Every mail has an unsubscribe link.
      </p>
    </NewsletterPage>
  )
}

/**
 * /newsletter/unsubscribe?token=...: opening a link never unsubscribes (mail scanners open links); the button
 * posts the form, which works without JavaScript.
 */
export function NewsletterUnsubscribePage() {
  const [params] = useSearchParams()
  const bandName = useBandName()
  const token = params.get('token') ?? ''
  if (!token) {
    return (
      <NewsletterPage title="Link invalid" heading="This unsubscribe link is incomplete">
        <p>Please open the link from the newsletter e-mail again.</p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title="Unsubscribe" heading={`Unsubscribe from the ${bandName} newsletter?`}>
      <p>You will not receive any more e-mails from us.</p>
      <form method="post" action={`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&from=page`}>
        <button type="submit" className="newsletter-page__button">
          Unsubscribe
        </button>
      </form>
    </NewsletterPage>
  )
}

/** /newsletter/unsubscribed[?status=invalid]: after the unsubscribe button. */
export function NewsletterUnsubscribedPage() {
  const [params] = useSearchParams()
  if (params.get('status') === 'invalid') {
    return (
      <NewsletterPage title="Link invalid" heading="This unsubscribe link is not valid">
        <p>Please open the link from the newsletter e-mail again, or write to us and we will remove you.</p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title="Unsubscribed" heading="You have been unsubscribed">
      <p>
        You will not receive any more newsletter e-mails from us. Changed your mind? You can sign up again any
        time.
      </p>
    </NewsletterPage>
  )
}
