import { describe, expect, it } from 'vitest'
import { rateLimitKey } from './rate-limit-key'

describe('rateLimitKey', () => {
  it('keys IPv4 by address and IPv6 by /64', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:db8:1:2::9')).toBe('2001:db8:1:2::/64')
    expect(rateLimitKey('2001:DB8::1')).toBe('2001:db8:0:0::/64')
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64')
    expect(rateLimitKey(undefined)).toBe('unknown')
  })
})
