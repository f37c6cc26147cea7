import { Router, type RequestHandler, type Response } from 'express'
import { jsonBody } from '../http/json-limits'
import { HONEYPOT_FIELD, NAME_CONTENT_MESSAGE, SubscribeSchema } from './subscribe-schema'
import { rateLimit, type RateLimiter } from './rate-limit'
import type { SubscriptionService } from './subscription-service'
import { noAreas, type AreaCatalog, type Language } from './subscriber-preferences'
import { addLinkRoutes, originOf } from './link-routes'
import { wordsFor } from './words/words-for'

/** Sign-ups are three short strings; anything bigger is not a person's sign-up. */
export const BODY_LIMIT = 4 * 1024

const requireJson: RequestHandler = (req, res, next) => {
  if (req.is('application/json')) return next()
  res.status(415).json({ message: 'Send the sign-up as application/json' })
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

  addLinkRoutes(router, { service })

  return router
}
