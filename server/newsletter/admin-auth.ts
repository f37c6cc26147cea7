import { createHash, timingSafeEqual } from 'node:crypto'
import type { RequestHandler } from 'express'
import { ANONYMOUS, canWrite } from '../content-api/engine/authorization'

const sha256 = (text: string) => createHash('sha256').update(text).digest()

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match ? match[1]! : null
}

/**
 * Who may manage subscribers: a Studio user or API token with the editor or administrator role (resolved by
 * the content API's `authenticate` middleware into res.locals.principal), or, when configured, the bearer
 * NEWSLETTER_ADMIN_TOKEN (Sanity cloud mode has no local users to ask).
 */
export function requireSubscriberAdmin({
  authenticate,
  adminToken,
}: {
  authenticate?: RequestHandler
  adminToken?: string
}): RequestHandler[] {
  const adminDigest = adminToken ? sha256(adminToken) : null

  const viaAdminToken: RequestHandler = (req, res, next) => {
    const token = bearerToken(req.get('authorization'))
    // Compare digests so the comparison is constant-time whatever the lengths.
    if (adminDigest && token && timingSafeEqual(sha256(token), adminDigest)) {
      res.locals.subscriberAdmin = true
    }
    next()
  }
  const viaPrincipal: RequestHandler = (req, res, next) => {
    if (res.locals.subscriberAdmin || !authenticate) return next()
    authenticate(req, res, next)
  }
  const decide: RequestHandler = (_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    if (res.locals.subscriberAdmin) return next()
    const principal = res.locals.principal ?? ANONYMOUS
    if (canWrite(principal)) return next()
    if (principal.kind === 'anonymous') {
      res.status(401).set('WWW-Authenticate', 'Bearer').json({ message: 'Sign in to manage subscribers' })
      return
    }
    res.status(403).json({ message: 'Managing subscribers needs the editor or administrator role' })
  }
  return [viaAdminToken, viaPrincipal, decide]
}

declare module 'express-serve-static-core' {
  interface Locals {
    /** Set when the request carried NEWSLETTER_ADMIN_TOKEN. */
    subscriberAdmin?: boolean
  }
}
