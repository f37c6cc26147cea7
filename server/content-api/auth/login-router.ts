import { randomBytes, timingSafeEqual } from 'node:crypto'
import express, { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import type { Accounts } from '../accounts/accounts'
import { renderLoginPage } from './login-page'
import { createRateLimiter } from './rate-limiter'
import { safeReturnUrl } from './return-origin'

const CSRF_COOKIE = 'lf_login_csrf'

const LoginForm = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  csrf: z.string().min(1).max(200),
  origin: z.string().max(2000),
})

export type LoginRouterOptions = {
  accounts: Accounts
  /** Hosts besides the request's own that `origin` may point at (e.g. SITE_URL's host behind a proxy). */
  allowedHosts?: string[]
  now?: () => number
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

function sameSecret(a: string | undefined, b: string): boolean {
  if (!a) return false
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * The password page behind `/auth/providers` (research Q2, route 3): the Studio opens it with `?origin=`, a
 * successful sign-in redirects to `origin#sid=<one-time id>`, and the Studio swaps the sid at `/auth/fetch`.
 * CSRF: a double-submit token in a SameSite=Strict cookie, so another site cannot sign a browser in.
 */
export function createLoginRouter({
  accounts,
  allowedHosts = [],
  now = Date.now,
}: LoginRouterOptions): Router {
  const router = Router()
  // Per client address: every attempt counts. Per e-mail: failures count, a success clears them.
  const perAddress = createRateLimiter({ limit: 20, windowMs: 10 * 60_000, now })
  const perEmail = createRateLimiter({ limit: 10, windowMs: 15 * 60_000, now })

  function page(
    req: Request,
    res: Response,
    status: number,
    origin: string,
    extra: { email?: string; error?: string } = {},
  ) {
    const csrfToken = randomBytes(24).toString('base64url')
    res.cookie(CSRF_COOKIE, csrfToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: req.baseUrl + '/auth',
      maxAge: 30 * 60_000,
    })
    res
      .status(status)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(renderLoginPage({ action: `${req.baseUrl}/auth/login`, origin, csrfToken, ...extra }))
  }

  const defaultOrigin = (req: Request) => `${req.protocol}://${req.get('host')}/admin`

  router.get('/auth/login', (req, res) => {
    const requested = req.query.origin
    const origin =
      requested === undefined ? new URL(defaultOrigin(req)) : safeReturnUrl(requested, req, allowedHosts)
    if (!origin)
      return page(req, res, 400, defaultOrigin(req), { error: 'That sign-in link points to another site.' })
    page(req, res, 200, origin.toString())
  })

  router.post(
    '/auth/login',
    express.urlencoded({ extended: false, limit: '16kb' }),
    async (req, res, next) => {
      try {
        const parsed = LoginForm.safeParse(req.body)
        const origin = parsed.success ? safeReturnUrl(parsed.data.origin, req, allowedHosts) : null
        if (!parsed.success || !origin) {
          return page(req, res, 400, defaultOrigin(req), { error: 'Enter your e-mail and password.' })
        }
        const { email, password, csrf } = parsed.data
        if (!sameSecret(readCookie(req, CSRF_COOKIE), csrf)) {
          return page(req, res, 403, origin.toString(), {
            email,
            error: 'The form expired. Please sign in again.',
          })
        }
        const byAddress = perAddress.hit(req.ip ?? 'unknown')
        const emailKey = email.toLowerCase()
        const byEmail = perEmail.hit(emailKey)
        if (!byAddress.allowed || !byEmail.allowed) {
          res.set('Retry-After', String(Math.max(byAddress.retryAfterSeconds, byEmail.retryAfterSeconds)))
          return page(req, res, 429, origin.toString(), {
            email,
            error: 'Too many sign-in attempts. Wait a few minutes and try again.',
          })
        }
        const user = await accounts.users.verifyCredentials(email, password)
        if (!user) {
          return page(req, res, 401, origin.toString(), { email, error: 'Wrong e-mail or password.' })
        }
        perEmail.reset(emailKey)
        const sid = accounts.sessions.grantLogin(user.id)
        res.clearCookie(CSRF_COOKIE, { path: req.baseUrl + '/auth' })
        res.set('Cache-Control', 'no-store').redirect(303, `${origin.toString()}#sid=${sid}`)
      } catch (error) {
        next(error)
      }
    },
  )

  return router
}
