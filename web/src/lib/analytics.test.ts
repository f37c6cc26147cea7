import { afterEach, describe, expect, it } from 'vitest'
import { initAnalytics, resetAnalyticsForTests, trackEvent, trackPageView } from './analytics'

const queued = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>))

describe('analytics', () => {
  afterEach(() => {
    resetAnalyticsForTests()
    document.head.querySelectorAll('script').forEach((script) => script.remove())
  })

  it('does nothing, and loads no script, without a measurement id', () => {
    initAnalytics(undefined)
    trackEvent('newsletter_popup', 'manual_open')
    trackPageView({ path: '/', title: 'Home' })
    expect(window.dataLayer).toBeUndefined()
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull()
  })

  it('loads gtag.js once and configures it without an automatic page view', () => {
    initAnalytics('G-TEST123')
    initAnalytics('G-TEST123')
    const scripts = document.querySelectorAll('script[src*="googletagmanager"]')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.getAttribute('src')).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123')
    expect(queued()[0]?.[0]).toBe('js')
    expect(queued()[1]).toEqual(['config', 'G-TEST123', { send_page_view: false }])
  })

  it('queues the spec events with their labels as gtag arguments', () => {
    initAnalytics('G-TEST123')
    trackEvent('newsletter_popup', 'auto_trigger')
    trackEvent('newsletter_signup', 'form_submit')
    trackEvent('video_interaction', 'unmuted')
    trackEvent('tour_promo_closed')
    expect(queued().slice(2)).toEqual([
      ['event', 'newsletter_popup', { event_label: 'auto_trigger', language: 'en' }],
      ['event', 'newsletter_signup', { event_label: 'form_submit', language: 'en' }],
      ['event', 'video_interaction', { event_label: 'unmuted', language: 'en' }],
      ['event', 'tour_promo_closed', { language: 'en' }],
    ])
    // gtag.js only processes Arguments objects, not arrays.
    expect(Array.isArray(window.dataLayer?.[2])).toBe(false)
  })

  it('queues page views', () => {
    initAnalytics('G-TEST123')
    trackPageView({ path: '/news', title: 'News' })
    expect(queued()[2]).toEqual([
      'event',
      'page_view',
      { page_path: '/news', page_location: window.location.href, page_title: 'News', language: 'en' },
    ])
  })

  it("sends the page's language with every event, under the spec's event names", () => {
    initAnalytics('G-TEST123', 'es')
    trackEvent('newsletter_signup', 'form_submit')
    trackPageView({ path: '/es/news', title: 'Noticias' })
    expect(queued()[2]).toEqual([
      'event',
      'newsletter_signup',
      { event_label: 'form_submit', language: 'es' },
    ])
    expect(queued()[3]?.[1]).toBe('page_view')
    expect(queued()[3]?.[2]).toMatchObject({ page_path: '/es/news', language: 'es' })
  })

  it('rejects unknown events and labels at compile time', () => {
    initAnalytics('G-TEST123')
    // @ts-expect-error not a spec event
    trackEvent('clicked_something')
    // @ts-expect-error not a label of this event
    trackEvent('video_interaction', 'paused')
    // @ts-expect-error this event has no label
    trackEvent('tour_promo_video_played', 'x')
    expect(true).toBe(true)
  })
})
