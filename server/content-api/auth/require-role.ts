import type { RequestHandler } from 'express'
import { ANONYMOUS, canWrite, isAdministrator, type Principal } from '../engine/principal'
import { sendSanityError } from '../http/sanity-error'

type Check = (principal: Principal) => boolean

function requireThat(check: Check, what: string): RequestHandler {
  return (_req, res, next) => {
    const principal = res.locals.principal ?? ANONYMOUS
    if (check(principal)) return next()
    if (principal.kind === 'anonymous') return sendSanityError(res, 401, 'Not authenticated', 'unauthorized')
    sendSanityError(res, 403, `Insufficient permissions; ${what} required`, 'forbidden')
  }
}

/** Any signed-in principal (viewer and up). */
export const requireSignedIn = requireThat((p) => p.kind !== 'anonymous', 'sign-in')
/** Editor or administrator: may create and change content and upload assets. */
export const requireEditor = requireThat(canWrite, 'editor role')
export const requireAdministrator = requireThat(isAdministrator, 'administrator role')
