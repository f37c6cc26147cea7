import { test as base, expect, type Page } from '@playwright/test'
import { BLOCKED_OUTSIDE_REQUEST } from './chromium'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

export function isLocalUrl(url: URL): boolean {
  return url.protocol === 'data:' || url.protocol === 'blob:' || LOCAL_HOSTS.has(url.hostname)
}

/** sessionStorage key of the tour promo popup's "closed in this session" (web/src/features/tour-promo). */
const TOUR_PROMO_CLOSED_KEY = 'tourPromo:closed'
/** localStorage key of "this browser has seen the newsletter popup" (web/src/features/newsletter/popup-memory.ts). */
const NEWSLETTER_SEEN_KEY = 'newsletter:popupSeen'
/** localStorage key of "the language hint was closed" (web/src/components/layout/language-memory.ts). */
const LANGUAGE_HINT_CLOSED_KEY = 'language:hintClosed'

type Options = {
  /**
   * The tour promo popup opens by itself on wide screens while its show is upcoming (at TEST_NOW it is), which
   * would cover every page under test. Like a visitor who closed it, tests start with it closed unless they opt
   * in with `test.use({ tourPromo: 'shown' })`.
   */
  tourPromo: 'hidden' | 'shown'
  /**
   * The newsletter popup opens by itself after 100 px of scrolling or 12 s, covering the page under test. Tests
   * start as a browser that has already seen it, unless they opt in with `test.use({ newsletterAutoPopup: 'on' })`.
   */
  newsletterAutoPopup: 'off' | 'on'
  /**
   * The language hint offers the other language to a browser that prefers it (an English browser on a Spanish
   * page), over the page's foot. Tests start as a browser that closed it, unless they opt in with
   * `test.use({ languageHint: 'shown' })`.
   */
  languageHint: 'hidden' | 'shown'
}

type Fixtures = {
  /** Every request the page tried to send outside localhost; all of them were blocked. */
  externalRequests: string[]
  /** console.error messages and uncaught page errors, e.g. hydration mismatches. */
  consoleErrors: string[]
}

export const test = base.extend<Fixtures & Options & { tourPromoSetup: void }>({
  tourPromo: ['hidden', { option: true }],
  newsletterAutoPopup: ['off', { option: true }],
  languageHint: ['hidden', { option: true }],
  tourPromoSetup: [
    async ({ page, tourPromo, newsletterAutoPopup, languageHint }, use) => {
      const remembered = [
        ...(newsletterAutoPopup === 'off' ? [NEWSLETTER_SEEN_KEY] : []),
        ...(languageHint === 'hidden' ? [LANGUAGE_HINT_CLOSED_KEY] : []),
      ]
      if (remembered.length > 0) {
        await page.addInitScript((keys) => {
          try {
            for (const key of keys) window.localStorage.setItem(key, 'e2e')
          } catch {
            // about:blank and opaque origins have no storage.
          }
        }, remembered)
      }
      if (tourPromo === 'hidden') {
        await page.addInitScript((key) => {
          try {
            window.sessionStorage.setItem(key, 'e2e')
          } catch {
            // about:blank and opaque origins have no storage.
          }
        }, TOUR_PROMO_CLOSED_KEY)
      }
      await use()
    },
    { auto: true },
  ],
  // Chromium blocks them (chromium.ts); each test's context records them.
  externalRequests: [
    async ({ context }, use) => {
      const attempted: string[] = []
      context.on('request', (request) => {
        if (!isLocalUrl(new URL(request.url()))) attempted.push(request.url())
      })
      await use(attempted)
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        // Blocked outside requests are expected; they are asserted through externalRequests.
        if (message.type() === 'error' && !message.text().includes(BLOCKED_OUTSIDE_REQUEST)) {
          // A connection-level failure names no address in its text; the address says which answer broke.
          const text = message.text()
          errors.push(text.includes('net::ERR_') ? `${text} (${message.location().url})` : text)
        }
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
    },
    { auto: true },
  ],
})

export { expect }

/**
 * Server-rendered controls do nothing until React has hydrated them. The toast region is mounted right after
 * hydration, so once it is in the DOM, clicks and keys reach the app. Its name is in the page's language.
 */
export async function waitForHydration(page: Page) {
  await expect(
    page.getByRole('region', { name: /Notifications|Notificaciones/, includeHidden: true }),
  ).toBeAttached()
}
