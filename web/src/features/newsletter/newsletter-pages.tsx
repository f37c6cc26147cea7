import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { bandNameOf } from '../../config/public-config'
import { useMessages } from '../../lib/i18n/messages'
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
  const { newsletterPages: words, common } = useMessages()
  return (
    <main id="main" className="newsletter-page">
      <title>{words.title(title, bandName)}</title>
      <meta name="robots" content="noindex" />
      <h1>{heading}</h1>
      {children}
      <p>
        <Link to="/">{common.backHome}</Link>
      </p>
    </main>
  )
}

/** /newsletter/confirmed[?status=invalid|expired]: the end of the confirmation link. */
export function NewsletterConfirmedPage() {
  const [params] = useSearchParams()
  const status = params.get('status')
  const confirmed = status !== 'invalid' && status !== 'expired'
  const { newsletterPages: words } = useMessages()
  useEffect(() => {
    // Someone who confirmed is signed up: the popup should not ask them again in this browser.
    if (confirmed) popupMemory.markSignedUp()
  }, [confirmed])

  if (!confirmed) {
    return (
      <NewsletterPage title={words.expiredTitle} heading={words.expiredHeading}>
        <p>
          {words.expiredBefore} <Link to="/?newsletter=true">{words.expiredLink}</Link> {words.expiredAfter}
        </p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title={words.confirmedTitle} heading={words.confirmedHeading}>
      <p>{words.confirmedBody}</p>
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
  const { newsletterPages: words } = useMessages()
  if (!token) {
    return (
      <NewsletterPage title={words.incompleteTitle} heading={words.incompleteHeading}>
        <p>{words.incompleteBody}</p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title={words.unsubscribeTitle} heading={words.unsubscribeHeading(bandName)}>
      <p>{words.unsubscribeBody}</p>
      <form method="post" action={`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&from=page`}>
        <button type="submit" className="newsletter-page__button">
          {words.unsubscribeButton}
        </button>
      </form>
    </NewsletterPage>
  )
}

/** /newsletter/unsubscribed[?status=invalid]: after the unsubscribe button. */
export function NewsletterUnsubscribedPage() {
  const [params] = useSearchParams()
  const { newsletterPages: words } = useMessages()
  if (params.get('status') === 'invalid') {
    return (
      <NewsletterPage title={words.invalidTitle} heading={words.invalidHeading}>
        <p>{words.invalidBody}</p>
      </NewsletterPage>
    )
  }
  return (
    <NewsletterPage title={words.unsubscribedTitle} heading={words.unsubscribedHeading}>
      <p>{words.unsubscribedBody}</p>
    </NewsletterPage>
  )
}
