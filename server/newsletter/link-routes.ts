import type { Request, Response, Router } from 'express'
import type { BandName } from '../band-name'
import { newsletterPage } from './newsletter-pages'
import type { Language } from './subscriber-preferences'
import type { SubscriptionService } from './subscription-service'
import type { NewsletterWords, PageWords } from './words/newsletter-words'
import { wordsFor } from './words/words-for'

/** Pages (React routes) the mail links end on. */
export const PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribe: '/newsletter/unsubscribe',
  unsubscribed: '/newsletter/unsubscribed',
} as const

/** Absolute links use SITE_URL; without it (development, tests) the request's own origin. */
export function originOf(req: Request, siteUrl: string | undefined): string {
  return (siteUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '')
}

/**
 * Spanish readers get the page from the server itself until the site has its /es/ pages (ADR 193); English
 * readers go on to the site's page. true when it answered.
 */
async function answeredInLanguage(
  res: Response,
  language: Language,
  page: (words: NewsletterWords, band: string) => PageWords & { button?: string },
  context: { bandName: BandName; origin: string; formAction?: string },
): Promise<boolean> {
  if (language === 'en') return false
  const words = wordsFor(language)
  const band = await context.bandName()
  const shown = page(words, band)
  const form =
    context.formAction && shown.button ? { action: context.formAction, button: shown.button } : undefined
  res.set('Content-Language', language)
  res.type('html').send(newsletterPage(words, shown, { band, origin: context.origin, form }))
  return true
}

/**
 * The routes a mail's links open: the confirm link, and unsubscribe (a page for people, RFC 8058 one-click POST
 * for mail providers), each answering in the subscriber's language.
 */
export function addLinkRoutes(
  router: Router,
  { service, siteUrl, bandName }: { service: SubscriptionService; siteUrl?: string; bandName: BandName },
): void {
  router.get('/confirm', async (req, res) => {
    const outcome = await service.confirm(req.query.token)
    res.set('Cache-Control', 'no-store')
    const language = await service.languageOf('confirm', req.query.token)
    const page = (w: NewsletterWords) =>
      outcome === 'confirmed' ? w.pages.confirmed : w.pages.confirmInvalid
    if (await answeredInLanguage(res, language, page, { bandName, origin: originOf(req, siteUrl) })) return
    res.redirect(303, outcome === 'confirmed' ? PAGES.confirmed : `${PAGES.confirmed}?status=${outcome}`)
  })

  // People who open the link see a page with a button; only a POST unsubscribes, so link scanners cannot.
  router.get('/unsubscribe', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    res.set('Cache-Control', 'no-store')
    const origin = originOf(req, siteUrl)
    const language = await service.languageOf('unsubscribe', token)
    const answered = await answeredInLanguage(res, language, (w, band) => w.pages.unsubscribe(band), {
      bandName,
      origin,
      formAction: `${origin}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}&from=page`,
    })
    if (answered) return
    res.redirect(303, `${PAGES.unsubscribe}?token=${encodeURIComponent(token)}`)
  })

  // RFC 8058: a mail provider POSTs "List-Unsubscribe=One-Click" to the URL; the token in it is the authority,
  // so the body is not needed. The page's own form adds from=page and is sent on to a result page.
  router.post('/unsubscribe', async (req, res) => {
    // Read before unsubscribing: the answer is in the language of the one who leaves.
    const language = await service.languageOf('unsubscribe', req.query.token)
    const outcome = await service.unsubscribe(req.query.token)
    res.set('Cache-Control', 'no-store')
    if (req.query.from === 'page') {
      const page = (w: NewsletterWords) =>
        outcome === 'unsubscribed' ? w.pages.unsubscribed : w.pages.unsubscribeInvalid
      if (await answeredInLanguage(res, language, page, { bandName, origin: originOf(req, siteUrl) })) return
      res.redirect(
        303,
        outcome === 'unsubscribed' ? PAGES.unsubscribed : `${PAGES.unsubscribed}?status=invalid`,
      )
      return
    }
    const { oneClick } = wordsFor(language)
    res.set('Content-Language', language)
    if (outcome === 'unsubscribed') res.status(200).json({ message: oneClick.done })
    else res.status(400).json({ message: oneClick.invalid })
  })
}
