import { Router, type Request, type RequestHandler, type Response } from 'express'
import { jsonBody } from '../http/json-limits'
import { HONEYPOT_FIELD, NAME_CONTENT_MESSAGE, SubscribeSchema } from './subscribe-schema'
import { rateLimit, type RateLimiter } from './rate-limit'
import type { SubscriptionService } from './subscription-service'
import { noAreas, type AreaCatalog } from './subscriber-preferences'

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
}: NewsletterRouterDeps): Router {
  const router = Router()
  const acknowledged = {
    message: service.doubleOptIn
      ? 'Almost there! Check your inbox and confirm your subscription.'
      : "Thanks for signing up! You're on the list.",
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
      res.status(201).json(acknowledged)
    },
  )

  router.get('/confirm', async (req, res) => {
    const outcome = await service.confirm(req.query.token)
    res.set('Cache-Control', 'no-store')
    res.redirect(303, outcome === 'confirmed' ? PAGES.confirmed : `${PAGES.confirmed}?status=${outcome}`)
  })

  // People who open the link see a page with a button; only a POST unsubscribes, so link scanners cannot.
  router.get('/unsubscribe', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : ''
    res.set('Cache-Control', 'no-store')
    res.redirect(303, `${PAGES.unsubscribe}?token=${encodeURIComponent(token)}`)
  })

  // RFC 8058: a mail provider POSTs "List-Unsubscribe=One-Click" to the URL; the token in it is the authority,
  // so the body is not needed. The page's own form adds from=page and is sent on to a result page.
  router.post('/unsubscribe', async (req, res) => {
    const outcome = await service.unsubscribe(req.query.token)
    res.set('Cache-Control', 'no-store')
    if (req.query.from === 'page') {
      res.redirect(
        303,
        outcome === 'unsubscribed' ? PAGES.unsubscribed : `${PAGES.unsubscribed}?status=invalid`,
      )
      return
    }
    if (outcome === 'unsubscribed') res.status(200).json({ message: 'You have been unsubscribed.' })
    else res.status(400).json({ message: 'This unsubscribe link is not valid.' })
  })

  return router
}
