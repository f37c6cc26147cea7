import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

describe('createRateLimiter', () => {
  it('allows `limit` hits per window per key, then says when to retry', () => {
    let t = 1_000_000
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => t })
    expect(limiter.hit('a')).toEqual({ allowed: true })
    expect(limiter.hit('a')).toEqual({ allowed: true })
    expect(limiter.hit('b')).toEqual({ allowed: true })
    t += 15_500
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 })
    t += 44_500
    expect(limiter.hit('a')).toEqual({ allowed: true })
  })

  it('forgets expired windows once many keys have been seen', () => {
    let t = 0
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => t })
    for (let i = 0; i < 20_000; i++) limiter.hit(`ip-${i}`)
    t += 2000
    expect(limiter.hit('ip-1')).toEqual({ allowed: true })
  })
})
