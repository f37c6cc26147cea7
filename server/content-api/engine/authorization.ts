import { forbidden, unauthorized } from './errors'
import { isPublicId } from './ids'
import type { Principal, Role } from './principal'

export { ANONYMOUS, type Principal, type Role } from './principal'

/** What a caller may do with the content API. */
export type Permission =
  /** Read published documents with public ids (no `.` segment), and assets. */
  | 'readPublished'
  /** Read everything: drafts, release versions, system documents. */
  | 'readDrafts'
  /** Read document history (the Studio's timeline and revisions). */
  | 'readHistory'
  /** Create, change and delete documents, and upload assets. */
  | 'write'
  /** Use one's own account: the user record, key-value settings, other users' names. */
  | 'useAccount'
  /** Administrator-only Studio features and user management. */
  | 'administer'

/**
 * The one authorization table (ADR 074). Every check in the content API derives from it: the predicates below,
 * the route guards (auth/require-role.ts) and the grants the Studio evaluates in the browser (auth/acl.ts).
 */
export const PERMISSIONS: Record<Role | 'anonymous', readonly Permission[]> = {
  anonymous: ['readPublished'],
  viewer: ['readPublished', 'readDrafts', 'readHistory', 'useAccount'],
  editor: ['readPublished', 'readDrafts', 'readHistory', 'useAccount', 'write'],
  administrator: ['readPublished', 'readDrafts', 'readHistory', 'useAccount', 'write', 'administer'],
}

export function permissionsOf(principal: Principal): readonly Permission[] {
  return PERMISSIONS[principal.kind === 'anonymous' ? 'anonymous' : principal.role]
}

export function can(principal: Principal, permission: Permission): boolean {
  return permissionsOf(principal).includes(permission)
}

/** Throws Sanity's 401 for anonymous callers and 403 for signed-in callers without the permission. */
export function assertCan(principal: Principal, permission: Permission, forbiddenMessage?: string): void {
  if (can(principal, permission)) return
  if (principal.kind === 'anonymous') throw unauthorized()
  throw forbidden(forbiddenMessage)
}

/** Signed-in callers read drafts and versions; anonymous ones published documents only. */
export const canReadDrafts = (principal: Principal): boolean => can(principal, 'readDrafts')

export const canWrite = (principal: Principal): boolean => can(principal, 'write')

export const isAdministrator = (principal: Principal): boolean => can(principal, 'administer')

/** True when the caller may only see public published documents. */
export function publicOnly(principal: Principal): boolean {
  return !canReadDrafts(principal)
}

export function canReadDocument(principal: Principal, id: string): boolean {
  return canReadDrafts(principal) || isPublicId(id)
}

export function assertCanWrite(principal: Principal): void {
  assertCan(principal, 'write', 'Forbidden - your role does not allow changing documents')
}

export function assertCanReadHistory(principal: Principal): void {
  assertCan(principal, 'readHistory')
}

/** The author recorded on transactions and sent as `identity` to listeners (the Studio resolves it as a user id). */
export function identityOf(principal: Principal): string {
  if (principal.kind === 'user') return principal.userId
  if (principal.kind === 'token') return `token-${principal.tokenId}`
  return 'anonymous'
}
