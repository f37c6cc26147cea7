import { Router, type Request, type RequestHandler, type Response } from 'express'
import { jsonBody } from '../http/json-limits'
import { HONEYPOT_FIELD, NAME_CONTENT_MESSAGE, SubscribeSchema } from './subscribe-schema'
import { rateLimit, type RateLimiter } from './rate-limit'
import type { SubscriptionService } from './subscription-service'
import { noAreas, type AreaCatalog, type Language } from './subscriber-preferences'
import { fixedBandName, type BandName } from '../band-name'
import { newsletterPage } from './newsletter-pages'
import type { NewsletterWords, PageWords } from './words/newsletter-words'
import { wordsFor } from './words/words-for'

/** Sign-ups are three short strings; anything bigger is not a person's sign-up. */
export const BODY_LIMIT = 4 * 1024

/** Pages (React routes) the mail links end on. */
export const PAGES = {
  confirmed: '/newsletter/confirmed',
  unsubscribe: '/newsletter/unsubscribe',
  unsubscribed: '/newsletter/unsubscribed',
} as const

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is('application/json')) return next()
  res.status(415).json({ message: 'Send the sign-up as application/json' })
}

/** Absolute links use SITE_URL; without it (development, tests) the request's own origin. */
export function originOf(req: Request, siteUrl: string | undefined): string {
  return (siteUrl ?? `${req.protocol}://${req.get('host')}`).replace(/\/+$/, '')
}

/** Answers 400 when a chosen area is not a published area; true when it did. */
async function refusedAreas(
  res: Response,
  chosen: string[] | undefined,
  areas: AreaCatalog,
): Promise<boolean> {
  if (!chosen?.length) return false
  const known = new Set((await areas()).map((area) => area.slug))
  const unknown = chosen.filter((slug) => !known.has(slug))
  if (unknown.length === 0) return false
  res.status(400).json({
    message: `Unknown area: ${unknown.join(', ')}. Choose from the areas on the sign-up form, or none for everywhere.`,
    issues: [{ path: 'areas', message: 'Unknown area' }],
  })
  return true
}

type NewsletterRouterDeps = {
  service: SubscriptionService
  limiter: RateLimiter
  siteUrl?: string
  /** The areas a sign-up may choose. */
  areas?: AreaCatalog
  /** Names the band on the pages answered in Spanish. */
  bandName?: BandName
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
 * The public newsletter API, mounted at /api/newsletter: sign-up, the confirm link, and unsubscribe (a link
 * for people, RFC 8058 one-click POST for mail providers).
 */
export function createNewsletterRouter({
  service,
  limiter,
  siteUrl,
  areas = noAreas,
  bandName = fixedBandName(),
}: NewsletterRouterDeps): Router {
  const router = Router()
  const acknowledged = (language: Language | undefined) => {
    const words = wordsFor(language).acknowledged
    return { message: service.doubleOptIn ? words.doubleOptIn : words.singleOptIn }
  }

  router.post(
    '/subscribe',
    // The limit counts every attempt, so bots probing with bad payloads are throttled too.
    rateLimit(limiter),
    requireJson,
    // Three short strings: 4 levels is more than a sign-up ever nests.
    jsonBody({ limit: BODY_LIMIT, strict: true, maxDepth: 4 }),
    async (req, res) => {
      res.set('Cache-Control', 'no-store')
      const parsed = SubscribeSchema.safeParse(req.body)
      if (!parsed.success) {
        // The browser checks only that fields are filled in (docs/fan-site-rules.md §5); a rule it cannot check is spelled out.
        const unclean = parsed.error.issues.some((issue) => issue.message === NAME_CONTENT_MESSAGE)
        res.status(400).json({
          message: unclean
            ? `Please check the sign-up form. ${NAME_CONTENT_MESSAGE}.`
            : 'Please check the sign-up form',
          issues: parsed.error.issues.map((issue) => ({
            path: issue.path.join('.'),
            message: issue.message,
          })),
        })
        return
      }
      if (await refusedAreas(res, parsed.data.areas, areas)) return
      // A filled honeypot is a bot: it gets the same answer as a person and nothing is stored or sent.
      if (!parsed.data[HONEYPOT_FIELD]) {
        await service.subscribe(parsed.data, { ip: req.ip, origin: originOf(req, siteUrl) })
      }
      // Same answer for new, repeated and known addresses, so nobody can probe who is subscribed.
      res.status(201).json(acknowledged(parsed.data.language))
    },
  )

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

  return router
}
