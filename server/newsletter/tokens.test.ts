import { describe, expect, it } from 'vitest'
import { createIpHasher, createTokenSigner } from './tokens'

const ID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'
const now = new Date('2025-10-01T12:00:00Z')

describe('createTokenSigner', () => {
  const signer = createTokenSigner('x'.repeat(32))

  it('verifies its own tokens for the same purpose only', () => {
    const token = signer.sign('confirm', ID, new Date('2025-10-08T12:00:00Z'))
    expect(signer.verify('confirm', token, now)).toEqual({ ok: true, subscriberId: ID })
    expect(signer.verify('unsubscribe', token, now)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('expires tokens with an expiry, and never those without', () => {
    const token = signer.sign('confirm', ID, new Date('2025-10-08T12:00:00Z'))
    expect(signer.verify('confirm', token, new Date('2025-10-08T12:00:01Z'))).toEqual({
      ok: false,
      reason: 'expired',
    })
    const forever = signer.sign('unsubscribe', ID)
    expect(signer.verify('unsubscribe', forever, new Date('2099-01-01T00:00:00Z')).ok).toBe(true)
  })

  it('rejects tampered, foreign and malformed tokens', () => {
    const token = signer.sign('confirm', ID, new Date('2025-10-08T12:00:00Z'))
    const [, expiry, mac] = token.split('.')
    const otherId = ID.replace('3f', '4f')
    const later = (parseInt(expiry!, 36) + 100000).toString(36)
    for (const bad of [
      `${otherId}.${expiry}.${mac}`,
      `${ID}.${later}.${mac}`,
      createTokenSigner('y'.repeat(32)).sign('confirm', ID, new Date('2025-10-08T12:00:00Z')),
      '',
      'nonsense',
      `${token}x`,
      42,
      undefined,
      ['a'],
    ]) {
      expect(signer.verify('confirm', bad, now)).toEqual({ ok: false, reason: 'invalid' })
    }
  })
})

describe('createIpHasher', () => {
  it('hashes the same IP to the same value with one secret, differently with another', () => {
    const hash = createIpHasher('x'.repeat(32))
    expect(hash('203.0.113.7')).toBe(hash('203.0.113.7'))
    expect(hash('203.0.113.7')).not.toBe(hash('203.0.113.8'))
    expect(hash('203.0.113.7')).not.toBe(createIpHasher('y'.repeat(32))('203.0.113.7'))
    expect(hash('203.0.113.7')).not.toContain('203')
    expect(hash(undefined)).toBeNull()
  })
})
