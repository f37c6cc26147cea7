import { lazy, Suspense } from 'react'
import { RouteFallback } from '../../components/route-fallback'
import '../../features/newsletter/newsletter-pages.css'

// Pages reached from a newsletter mail only: their code stays out of what every page loads first. The server
// renders them in full; on a client-side visit the loading text shows for the moment the chunk takes.
const pages = () => import('../../features/newsletter/newsletter-pages')
const Confirmed = lazy(() => pages().then((module) => ({ default: module.NewsletterConfirmedPage })))
const Unsubscribe = lazy(() => pages().then((module) => ({ default: module.NewsletterUnsubscribePage })))
const Unsubscribed = lazy(() => pages().then((module) => ({ default: module.NewsletterUnsubscribedPage })))

const fallback = <RouteFallback text="Loading..." />

export function NewsletterConfirmedPage() {
  return (
    <Suspense fallback={fallback}>
      <Confirmed />
    </Suspense>
  )
}

export function NewsletterUnsubscribePage() {
  return (
    <Suspense fallback={fallback}>
      <Unsubscribe />
    </Suspense>
  )
}

export function NewsletterUnsubscribedPage() {
  return (
    <Suspense fallback={fallback}>
      <Unsubscribed />
    </Suspense>
  )
}
