import type { Router } from 'express'
import type { Request } from 'express'
import { localizedPath } from '../../web/src/lib/i18n/localized-path-contract'
import type { Language } from './subscriber-preferences'
import type { SubscriptionService } from './subscription-service'
import { wordsFor } from './words/words-for'

/** Pages (React routes) the mail links end on, in the route table's spelling: `/es/...` in Spanish (ADR 194). */
export const PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribe: '/newsletter/unsubscribe',
  unsubscribed: '/newsletter/unsubscribed',
} as const

/** The site's page for a subscriber: in their language, under its prefix (`/es/newsletter/confirmed`). */
export function pageFor(language: Language, page: keyof typeof PAGES, query = ''): string {
  return localizedPath(language, `${PAGES[page]}${query ? `?${query}` : ''}`)
}

/** Absolute links use SITE_URL; without it (development, tests) the request's own origin. */
export function originOf(req: Request, siteUrl: string | undefined): string {
  return (siteUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '')
}

/**
 * The routes a mail's links open: the confirm link, and unsubscribe (a page for people, RFC 8058 one-click POST
 * for mail providers). People end on the site's page in the subscriber's language (ADR 193).
 */
export function addLinkRoutes(router: Router, { service }: { service: SubscriptionService }): void {
  router.get('/confirm', async (req, res) => {
    const outcome = await service.confirm(req.query.token)
    res.set('Cache-Control', 'no-store')
    const language = await service.languageOf('confirm', req.query.token)
    res.redirect(303, pageFor(language, 'confirmed', outcome === 'confirmed' ? '' : `status=${outcome}`))
  })

  // People who open the link see a page with a button; only a POST unsubscribes, so link scanners cannot.
  router.get('/unsubscribe', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    res.set('Cache-Control', 'no-store')
    const language = await service.languageOf('unsubscribe', token)
    res.redirect(303, pageFor(language, 'unsubscribe', `token=${encodeURIComponent(token)}`))
  })

  // RFC 8058: a mail provider POSTs "List-Unsubscribe=One-Click" to the URL; the token in it is the authority,
  // so the body is not needed. The page's own form adds from=page and is sent on to a result page.
  router.post('/unsubscribe', async (req, res) => {
    // Read before unsubscribing: the answer is in the language of the one who leaves.
    const language = await service.languageOf('unsubscribe', req.query.token)
    const outcome = await service.unsubscribe(req.query.token)
    res.set('Cache-Control', 'no-store')
    if (req.query.from === 'page') {
      res.redirect(303, pageFor(language, 'unsubscribed', outcome === 'unsubscribed' ? '' : 'status=invalid'))
      return
    }
    const { oneClick } = wordsFor(language)
    res.set('Content-Language', language)
    if (outcome === 'unsubscribed') res.status(200).json({ message: oneClick.done })
    else res.status(400).json({ message: oneClick.invalid })
  })
}
