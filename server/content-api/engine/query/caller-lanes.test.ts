import { describe, expect, it } from 'vitest'
import { callerOf } from './query-limits'

/** Which lane and client key each caller gets (ADR 080, issues 27 and 36): each lane's workers are its own. */
describe('callerOf', () => {
  it('puts anonymous callers, viewers, and editors with this machine in three lanes', () => {
    const viewer = { kind: 'token', tokenId: 't1', label: 'front end', role: 'viewer' } as const
    const editor = { kind: 'user', userId: 'u1', name: 'E', email: 'e@example.com', role: 'editor' } as const
    expect(callerOf('203.0.113.5', { kind: 'anonymous' })).toEqual({
      lane: 'public',
      client: '203.0.113.5',
      anonymous: true,
    })
    expect(callerOf('127.0.0.1', { kind: 'anonymous' }).lane).toBe('trusted')
    expect(callerOf('203.0.113.5', viewer)).toEqual({ lane: 'viewer', client: 'token:t1', anonymous: false })
    expect(callerOf('203.0.113.5', editor)).toEqual({ lane: 'trusted', client: 'user:u1', anonymous: false })
  })

  it('counts an IPv6 client per /64', () => {
    expect(callerOf('2001:db8:1:2:aaaa::1', { kind: 'anonymous' }).client).toBe(
      callerOf('2001:db8:1:2:bbbb::9', { kind: 'anonymous' }).client,
    )
  })
})
