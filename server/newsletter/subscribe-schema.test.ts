import { describe, expect, it } from 'vitest'
import { emailKey, hasEmptyField, isCleanName, SubscribeSchema } from './subscribe-schema'

describe('SubscribeSchema', () => {
  it('trims and accepts a normal sign-up', () => {
    expect(
      SubscribeSchema.parse({ firstName: ' Ana ', lastName: 'López ', email: ' ana@example.com ' }),
    ).toEqual({ firstName: 'Ana', lastName: 'López', email: 'ana@example.com' })
  })

  it('rejects empty, too long and malformed values, and drops unknown keys', () => {
    const bad = SubscribeSchema.safeParse({ firstName: ' ', lastName: 'x'.repeat(101), email: 'ana@' })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['firstName', 'lastName', 'email'])
    const extra = SubscribeSchema.parse({ firstName: 'A', lastName: 'B', email: 'a@b.co', isAdmin: true })
    expect(extra).not.toHaveProperty('isAdmin')
  })
})

describe('names', () => {
  it.each(['Ana', 'José María', "O'Brien", 'Jean-Luc', 'J.R.', 'Zoë Ångström', '李', 'Ana B. López'])(
    'accepts %j',
    (name) => {
      expect(isCleanName(name)).toBe(true)
    },
  )

  it.each([
    'Ana\nBcc: x@example.com',
    'Ana\rB',
    'Ana\u2028B',
    'Ana\u202eevil',
    'see https://spam.example',
    'http://x',
    'www.spam.example',
    'cheap-pills.com',
    'javascript:alert(1)',
    'Ana mailto:x@example.com',
  ])('refuses %j', (name) => {
    expect(isCleanName(name)).toBe(false)
    expect(SubscribeSchema.safeParse({ firstName: name, lastName: 'B', email: 'a@b.co' }).success).toBe(false)
  })
})

describe('hasEmptyField', () => {
  it('treats whitespace as empty (docs/fan-site-rules.md §5: such a submission is ignored)', () => {
    expect(hasEmptyField({ firstName: 'Ana', lastName: 'López', email: 'a@b.co' })).toBe(false)
    expect(hasEmptyField({ firstName: 'Ana', lastName: '  ', email: 'a@b.co' })).toBe(true)
    expect(hasEmptyField({ firstName: '', lastName: 'López', email: 'a@b.co' })).toBe(true)
  })
})

describe('emailKey', () => {
  it('ignores case and surrounding space', () => {
    expect(emailKey(' Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com')
  })
})
