import { describe, expect, it } from 'vitest'
import { isPromoLive, PROMO_CLOSED_KEY, promoMemory } from './promo-rules'

const promo = { enabled: true, event: { startsAt: '2025-10-26T02:00:00.000Z' } }

describe('isPromoLive', () => {
  it('runs while enabled and the show is ahead', () => {
    expect(isPromoLive(promo, new Date('2025-10-01T19:00:00Z'))).toBe(true)
    expect(isPromoLive(promo, new Date('2025-10-26T02:00:00Z'))).toBe(false)
    expect(isPromoLive({ ...promo, enabled: false }, new Date('2025-10-01T19:00:00Z'))).toBe(false)
    expect(isPromoLive({ enabled: true, event: null }, new Date('2025-10-01T19:00:00Z'))).toBe(false)
    expect(isPromoLive(null, new Date())).toBe(false)
  })
})

describe('promoMemory', () => {
  it('remembers a close for the session and survives storage errors', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(promoMemory.wasClosed(storage)).toBe(false)
    promoMemory.markClosed(storage)
    expect(store.has(PROMO_CLOSED_KEY)).toBe(true)
    expect(promoMemory.wasClosed(storage)).toBe(true)
    const throwing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
    }
    expect(promoMemory.wasClosed(throwing)).toBe(false)
    expect(() => promoMemory.markClosed(throwing)).not.toThrow()
  })
})
