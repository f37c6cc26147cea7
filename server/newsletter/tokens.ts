import { createHmac, timingSafeEqual } from 'node:crypto'

/** What a link may do; part of the signature, so a confirm link can never unsubscribe and vice versa. */
export type TokenPurpose = 'confirm' | 'unsubscribe' | 'preferences'

export type VerifiedToken = { ok: true; subscriberId: string } | { ok: false; reason: 'invalid' | 'expired' }

export type TokenSigner = {
  /** `expiresAt` undefined: valid for as long as the subscriber exists (unsubscribe links must keep working). */
  sign(purpose: TokenPurpose, subscriberId: string, expiresAt?: Date): string
  verify(purpose: TokenPurpose, token: unknown, now: Date): VerifiedToken
}

const TOKEN = /^([0-9a-f-]{36})\.([0-9a-z]{1,12})\.([\w-]{43})$/

/**
 * Stateless signed links: `{subscriberId}.{expiry in base-36 seconds, 0 = none}.{HMAC-SHA256}`. Nothing is
 * stored per link, and changing the secret invalidates every link.
 */
export function createTokenSigner(secret: string): TokenSigner {
  const key = createHmac('sha256', secret).update('newsletter-link-tokens').digest()
  const mac = (purpose: TokenPurpose, id: string, expiry: string) =>
    createHmac('sha256', key).update(`${purpose}:${id}:${expiry}`).digest('base64url')

  return {
    sign(purpose, subscriberId, expiresAt) {
      const expiry = expiresAt ? Math.ceil(expiresAt.getTime() / 1000).toString(36) : '0'
      return `${subscriberId}.${expiry}.${mac(purpose, subscriberId, expiry)}`
    },
    verify(purpose, token, now) {
      if (typeof token !== 'string') return { ok: false, reason: 'invalid' }
      const match = TOKEN.exec(token)
      if (!match) return { ok: false, reason: 'invalid' }
      const [, id, expiry, signature] = match as unknown as [string, string, string, string]
      const expected = Buffer.from(mac(purpose, id, expiry))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' }
      }
      const expirySeconds = parseInt(expiry, 36)
      if (expirySeconds !== 0 && expirySeconds * 1000 <= now.getTime())
        return { ok: false, reason: 'expired' }
      return { ok: true, subscriberId: id }
    },
  }
}

/** A salted hash of the sign-up IP: equal IPs can be grouped (abuse), the address itself is not kept. */
export function createIpHasher(secret: string): (ip: string | undefined) => string | null {
  const key = createHmac('sha256', secret).update('newsletter-ip-hash').digest()
  return (ip) => (ip ? createHmac('sha256', key).update(ip).digest('base64url').slice(0, 22) : null)
}
