import { describe, expect, it } from 'vitest'
import { createSignInThrottle, PAIR_POLICY, waitAfter, type ThrottlePolicy } from './sign-in-throttle'

const policy: ThrottlePolicy = {
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 8000,
  forgetAfterMs: 60_000,
}

function setup() {
  let t = 1_000_000
  const clock = { advance: (ms: number) => (t += ms) }
  const throttle = createSignInThrottle({
    pair: policy,
    address: { ...policy, freeFailures: 5 },
    now: () => t,
  })
  return { throttle, clock }
}

describe('waitAfter', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map((n) => waitAfter(n, policy))).toEqual([
      0, 0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ])
    expect(waitAfter(1e9, PAIR_POLICY)).toBe(PAIR_POLICY.maxDelayMs)
  })
})

describe('sign-in throttle', () => {
  it('slows an address guessing one account, with growing waits', () => {
    const { throttle, clock } = setup()
    for (let i = 0; i < 3; i++) {
      expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(true)
      throttle.recordFailure('198.51.100.7', 'owner@example.com')
    }
    expect(throttle.check('198.51.100.7', 'Owner@Example.com')).toEqual({
      allowed: false,
      retryAfterSeconds: 1,
    })
    clock.advance(1000)
    expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(true)
    throttle.recordFailure('198.51.100.7', 'owner@example.com')
    expect(throttle.check('198.51.100.7', 'owner@example.com')).toEqual({
      allowed: false,
      retryAfterSeconds: 2,
    })
  })

  it('never locks the account itself: a clean address may always try', () => {
    const { throttle } = setup()
    for (let i = 0; i < 50; i++) throttle.recordFailure('198.51.100.7', 'owner@example.com')
    expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(false)
    expect(throttle.check('203.0.113.9', 'owner@example.com')).toEqual({ allowed: true })
  })

  it('slows an address spraying many accounts', () => {
    const { throttle } = setup()
    for (let i = 0; i < 5; i++) throttle.recordFailure('198.51.100.7', `user${i}@example.com`)
    expect(throttle.check('198.51.100.7', 'someone-new@example.com').allowed).toBe(false)
    expect(throttle.check('203.0.113.9', 'someone-new@example.com').allowed).toBe(true)
  })

  it('clears the pair on success, but not the address count', () => {
    const { throttle } = setup()
    for (let i = 0; i < 3; i++) throttle.recordFailure('198.51.100.7', 'owner@example.com')
    throttle.recordSuccess('198.51.100.7', 'owner@example.com')
    // Three failures are under the address's five: allowed again.
    expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(true)
    throttle.recordFailure('198.51.100.7', 'other@example.com')
    throttle.recordFailure('198.51.100.7', 'other@example.com')
    expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(false)
  })

  it('forgets failures after a quiet hour, and bounds its memory', () => {
    const { throttle, clock } = setup()
    for (let i = 0; i < 10; i++) throttle.recordFailure('198.51.100.7', 'owner@example.com')
    clock.advance(60_001)
    expect(throttle.check('198.51.100.7', 'owner@example.com').allowed).toBe(true)

    let t = 0
    const small = createSignInThrottle({ pair: policy, address: policy, now: () => t, maxKeys: 100 })
    for (let i = 0; i < 1000; i++) small.recordFailure(`10.0.${i >> 8}.${i & 255}`, 'x@example.com')
    for (let i = 0; i < 3; i++) small.recordFailure('198.51.100.7', 'owner@example.com')
    t += 1
    expect(small.check('198.51.100.7', 'owner@example.com').allowed).toBe(false)
  })
})
