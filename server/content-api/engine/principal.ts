/**
 * Who is making a content API request. Authentication (accounts, sessions, API tokens) resolves it and stores
 * it on `res.locals.principal`; what it may read or write comes from the authorization table (authorization.ts).
 */
export type Role = 'administrator' | 'editor' | 'viewer'

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: string; name: string; email: string; role: Role }
  | { kind: 'token'; tokenId: string; label: string; role: Role }

export const ANONYMOUS: Principal = { kind: 'anonymous' }

export function roleOf(principal: Principal): Role | null {
  return principal.kind === 'anonymous' ? null : principal.role
}
