import type { RequestHandler } from 'express'
import { can, ContentApiError, notAuthenticated, type Permission } from '../engine'
import { principalOf } from '../http/access'

/** A route guard derived from the authorization table (engine/authorization.ts); it throws to the error handler. */
function requirePermission(permission: Permission, what: string): RequestHandler {
  return (_req, res, next) => {
    const principal = principalOf(res)
    if (can(principal, permission)) return next()
    if (principal.kind === 'anonymous') throw notAuthenticated()
    throw new ContentApiError(403, 'forbidden', `Insufficient permissions; ${what} required`)
  }
}

/** Any signed-in principal (viewer and up). */
export const requireSignedIn = requirePermission('useAccount', 'sign-in')
/** Editor or administrator: may create and change content and upload assets. */
export const requireEditor = requirePermission('write', 'editor role')
export const requireAdministrator = requirePermission('administer', 'administrator role')
