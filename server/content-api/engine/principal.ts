/**
 * Who is making a content API request. Authentication (accounts, sessions, API tokens) resolves it and stores
 * it on `res.locals.principal`; every endpoint decides from it what the caller may read or write.
 */
export type Role = 'administrator' | 'editor' | 'viewer'

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; name: string; email: string; role: Role }
  | { kind: 'token'; tokenId: string; label: string; role: Role }

export const ANONYMOUS: Principal = { kind: 'anonymous' }

declare module 'express-serve-static-core' {
  interface Locals {
    principal?: Principal
  }
}

export function roleOf(principal: Principal): Role | null {
  return principal.kind === 'anonymous' ? null : principal.role
}

/** Anonymous callers read published documents and assets only. */
export function canReadDrafts(principal: Principal): boolean {
  return roleOf(principal) !== null
}

export function canWrite(principal: Principal): boolean {
  const role = roleOf(principal)
  return role === 'administrator' || role === 'editor'
}

export function isAdministrator(principal: Principal): boolean {
  return roleOf(principal) === 'administrator'
}
