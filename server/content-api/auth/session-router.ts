import { Router, type Request } from 'express'
import type { Accounts } from '../accounts/accounts'
import { ANONYMOUS, ContentApiError, identityOf, notAuthenticated } from '../engine'
import { carriesSecretsSafely, insecureTransport } from './transport'

/**
 * The versioned auth endpoints: `/auth/providers` (one provider: our login page), `/auth/fetch` (one-time sid
 * to session token), `/auth/logout`, and `/auth/id` (the cookie-mode probe, answered for completeness).
 */
export function createSessionRouter(
  accounts: Accounts,
  options: {
    loginPath: string
    /** The origin absolute URLs use (SITE_URL's, or the request's vetted one); default: the request's. */
    publicOrigin?: (req: Request) => string
  },
): Router {
  const router = Router()
  const originOf = options.publicOrigin ?? ((req: Request) => `${req.protocol}://${req.get('host')}`)

  router.get('/auth/providers', (req, res) => {
    const url = `${originOf(req)}${options.loginPath}`
    res.set('Cache-Control', 'no-store').json({
      thirdPartyLogin: false,
      sso: {},
      providers: [{ name: 'local', title: 'E-mail and password', url }],
    })
  })

  router.get('/auth/fetch', (req, res) => {
    res.set('Cache-Control', 'no-store')
    if (!carriesSecretsSafely(req)) throw insecureTransport()
    const sid = typeof req.query.sid === 'string' ? req.query.sid : ''
    const exchanged = sid ? accounts.sessions.exchangeLogin(sid) : null
    if (!exchanged) throw new ContentApiError(401, 'unauthorized', 'Session id is unknown, used or expired')
    res.json({ token: exchanged.token })
  })

  // The Studio clears its stored token only after a 2xx here, and also calls it without a token (cookie client),
  // so an anonymous logout succeeds too.
  router.post('/auth/logout', (_req, res) => {
    if (res.locals.sessionId) accounts.sessions.revoke(res.locals.sessionId)
    res.status(204).end()
  })

  router.get('/auth/id', (_req, res) => {
    const principal = res.locals.principal ?? ANONYMOUS
    if (principal.kind === 'anonymous') throw notAuthenticated()
    res.set('Cache-Control', 'no-store').json({ id: identityOf(principal) })
  })

  return router
}
