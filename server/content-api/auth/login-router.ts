import { randomBytes, timingSafeEqual } from 'node:crypto'
import express, { Router, type Request, type Response } from 'express'
import { z } from 'zod'
import { FALLBACK_BAND_NAME } from '../../../web/src/config/public-config'
import { refuseDeclaredBodyOver } from '../../http/declared-body-limit'
import type { Accounts } from '../accounts/accounts'
import { renderLoginPage } from './login-page'
import { safeReturnUrl, STUDIO_PATH } from './return-origin'
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle'
import { carriesSecretsSafely, PLAIN_HTTP_REFUSED } from './transport'

const CSRF_COOKIE = 'lf_login_csrf'
/** An e-mail, a password, a CSRF token and the Studio's address; anything bigger is not a sign-in. */
const LOGIN_FORM_LIMIT = 16 * 1024

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
  throttle?: SignInThrottle
  /** Names the band in the page's title: the site settings' name (ADR 074). */
  bandName?: () => Promise<string>
}

function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return decodeURIComponent(value.join('='))
  }
  return undefined
}

function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`
  return `${Math.ceil(seconds / 60)} minutes`
}

function sameSecret(a: string | undefined, b: string): boolean {
  if (!a) return false
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

type PageArgs = [Request, Response, number, string, { email?: string; error?: string }?]

/** Renders the sign-in form with a fresh CSRF token in its cookie. */
function sendLoginPage(
  req: Request,
  res: Response,
  status: number,
  origin: string,
  bandName: string,
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
    .send(renderLoginPage({ action: `${req.baseUrl}/auth/login`, origin, csrfToken, bandName, ...extra }))
}

/**
 * The password page behind `/auth/providers` (ADR 020): the Studio opens it with `?origin=`, a
 * successful sign-in redirects to `origin#sid=<one-time id>`, and the Studio swaps the sid at `/auth/fetch`.
 * CSRF: a double-submit token in a SameSite=Strict cookie, so another site cannot sign a browser in.
 */
export function createLoginRouter({
  accounts,
  allowedHosts = [],
  now = Date.now,
  throttle = createSignInThrottle({ now }),
  bandName = () => Promise.resolve(FALLBACK_BAND_NAME),
}: LoginRouterOptions): Router {
  const router = Router()
  const page = async (...[req, res, status, origin, extra]: PageArgs) =>
    sendLoginPage(req, res, status, origin, await bandName(), extra)

  const defaultOrigin = (req: Request) => `${req.protocol}://${req.get('host')}${STUDIO_PATH}`

  router.get('/auth/login', (req, res) => {
    const requested = req.query.origin
    const origin =
      requested === undefined ? new URL(defaultOrigin(req)) : safeReturnUrl(requested, req, allowedHosts)
    if (!origin)
      return page(req, res, 400, defaultOrigin(req), {
        error: 'That sign-in link does not lead back to the Studio.',
      })
    return page(req, res, 200, origin.toString())
  })

  router.post(
    '/auth/login',
    refuseDeclaredBodyOver(LOGIN_FORM_LIMIT),
    express.urlencoded({ extended: false, limit: LOGIN_FORM_LIMIT }),
    async (req, res, next) => {
      try {
        const parsed = LoginForm.safeParse(req.body)
        const origin = parsed.success ? safeReturnUrl(parsed.data.origin, req, allowedHosts) : null
        if (!parsed.success || !origin) {
          return page(req, res, 400, defaultOrigin(req), {
            error: 'Enter your e-mail and password.',
          })
        }
        const { email, password, csrf } = parsed.data
        if (!carriesSecretsSafely(req)) {
          return page(req, res, 403, origin.toString(), { email, error: PLAIN_HTTP_REFUSED })
        }
        if (!sameSecret(readCookie(req, CSRF_COOKIE), csrf)) {
          return page(req, res, 403, origin.toString(), {
            email,
            error: 'The form expired. Please sign in again.',
          })
        }
        const address = req.ip ?? 'unknown'
        const verdict = throttle.check(address, email)
        if (!verdict.allowed) {
          res.set('Retry-After', String(verdict.retryAfterSeconds))
          return page(req, res, 429, origin.toString(), {
            email,
            error: `Too many failed sign-ins from here. Try again in ${waitText(verdict.retryAfterSeconds)}.`,
          })
        }
        const user = await accounts.users.verifyCredentials(email, password)
        if (!user) {
          throttle.recordFailure(address, email)
          return page(req, res, 401, origin.toString(), {
            email,
            error: 'Wrong e-mail or password.',
          })
        }
        throttle.recordSuccess(address, email)
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
