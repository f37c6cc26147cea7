import { DEFAULT_LOCALE, type Locale } from './i18n/locale-contract'

/**
 * The one way the site reports to analytics (docs/fan-site-rules.md §7, docs/fan-site-rules.md §10). GA4 through gtag.js: every call lands in
 * `window.dataLayer` as gtag's `('event', name, params)`; gtag.js, when it has loaded, sends them on. Without a
 * measurement id nothing is queued and no script is loaded. In the e2e tests the script request is blocked, so
 * nothing leaves the machine, yet the queue shows what would have been sent.
 */

/** Every event of docs/fan-site-rules.md §7 with the labels it may carry (`never`: the event has no label). */
export type AnalyticsEvents = {
  newsletter_popup: 'manual_open' | 'auto_trigger'
  newsletter_signup: 'form_submit'
  video_interaction: 'muted' | 'unmuted'
  tour_promo_closed: never
  tour_promo_ticket_click: never
  tour_promo_video_played: never
}

export type AnalyticsEventName = keyof AnalyticsEvents

type LabelArgs<N extends AnalyticsEventName> = [AnalyticsEvents[N]] extends [never]
  ? []
  : [label: AnalyticsEvents[N]]

type GtagArgs =
  ['js', Date] | ['config', string, Record<string, unknown>] | ['event', string, Record<string, unknown>]

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: (...args: GtagArgs) => void
  }
}

export const GTAG_SCRIPT_ORIGIN = 'https://www.googletagmanager.com'

let measurementId: string | undefined
/** The page's language, a parameter of every event and page view (ADR 193); the names stay those of docs/fan-site-rules.md §7. */
let pageLanguage: Locale = DEFAULT_LOCALE

/**
 * Sets up the queue and loads gtag.js once. Page views are sent by `trackPageView` on every route change
 * (including the first), so gtag's automatic page view is turned off. `locale`: the page's language, sent with
 * every event (a page never changes language: the language switch loads a new document).
 */
export function initAnalytics(id: string | undefined, locale: Locale = DEFAULT_LOCALE): void {
  if (!id || typeof window === 'undefined' || measurementId) return
  measurementId = id
  pageLanguage = locale
  window.dataLayer = window.dataLayer ?? []
  window.gtag = function gtag() {
    // gtag.js reads Arguments objects from the queue, not arrays.
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments)
  }
  window.gtag('js', new Date())
  window.gtag('config', id, { send_page_view: false })
  const script = document.createElement('script')
  script.async = true
  script.src = `${GTAG_SCRIPT_ORIGIN}/gtag/js?id=${encodeURIComponent(id)}`
  document.head.appendChild(script)
}

export function isAnalyticsEnabled(): boolean {
  return measurementId !== undefined
}

/** Reports one of those events, e.g. `trackEvent('newsletter_popup', 'manual_open')`. */
export function trackEvent<N extends AnalyticsEventName>(name: N, ...[label]: LabelArgs<N>): void {
  if (!measurementId || !window.gtag) return
  const params = label === undefined ? {} : { event_label: label }
  window.gtag('event', name, { ...params, language: pageLanguage })
}

/** Reports a page view; called on every route change, the first one included. */
export function trackPageView({ path, title }: { path: string; title: string }): void {
  if (!measurementId || !window.gtag) return
  window.gtag('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: title,
    language: pageLanguage,
  })
}

/** Tests only: forget the measurement id so each test starts from "not initialised". */
export function resetAnalyticsForTests(): void {
  measurementId = undefined
  pageLanguage = DEFAULT_LOCALE
  delete window.gtag
  delete window.dataLayer
}
