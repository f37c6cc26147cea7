import type { Response } from 'express'
import { forbidden, unauthorized } from '../engine/errors'
import { isPublicId } from '../engine/ids'
import { ANONYMOUS, canReadDrafts, canWrite, type Principal } from '../engine/principal'

/**
 * Every content access rule in one place:
 * - anonymous: reads public published documents only (ids without a dot segment); writes get 401;
 * - viewer: reads everything, writes get 403;
 * - editor and administrator: read and write everything.
 */
export function principalOf(res: Response): Principal {
  return res.locals.principal ?? ANONYMOUS
}

/** True when the caller may only see public published documents. */
export function publicOnly(principal: Principal): boolean {
  return !canReadDrafts(principal)
}

export function canReadDocument(principal: Principal, id: string): boolean {
  return canReadDrafts(principal) || isPublicId(id)
}

export function assertCanWrite(principal: Principal): void {
  if (principal.kind === 'anonymous') throw unauthorized()
  if (!canWrite(principal)) throw forbidden('Forbidden - your role does not allow changing documents')
}

export function assertCanReadHistory(principal: Principal): void {
  if (principal.kind === 'anonymous') throw unauthorized()
}

/** The author recorded on transactions and sent as `identity` to listeners (the Studio resolves it as a user id). */
export function identityOf(principal: Principal): string {
  if (principal.kind === 'user') return principal.userId
  if (principal.kind === 'token') return `token-${principal.tokenId}`
  return 'anonymous'
}
