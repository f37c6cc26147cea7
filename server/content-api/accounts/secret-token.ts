import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Bearer secrets. The prefix tells sessions from API tokens at a glance (and in logs people paste); 32 random
 * bytes in base64url are 43 characters with no `&`, which the Studio's `#token=` / `#sid=` parsers need.
 */
export type SecretKind = 'session' | 'token' | 'sid'

const PREFIX: Record<SecretKind, string> = { session: 'lfs_', token: 'lft_', sid: 'lfi_' }

export function newSecret(kind: SecretKind): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url')
}

export function secretKind(secret: string): SecretKind | null {
  for (const [kind, prefix] of Object.entries(PREFIX))
    if (secret.startsWith(prefix)) return kind as SecretKind
  return null
}

/** Only this hash is stored, so a leaked database does not leak working credentials. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Short random ids for rows (users get Sanity-like ids, e.g. `pK3...`). */
export function newId(prefix: string): string {
  return prefix + randomBytes(9).toString('base64url')
}
