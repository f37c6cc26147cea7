import { describe, expect, it } from 'vitest'
import {
  emailKey,
  hasEmptyField,
  isCleanName,
  NAME_CONTENT_MESSAGE,
  SubscribeSchema,
} from './subscribe-schema'

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

describe('names with disguised web addresses (issue 36)', () => {
  it.each([
    // The issue's three.
    'Ana evil。com',
    'Ana evil．com',
    'Ana ev1l[.]com',
    // Other dots NFKC maps or leaves: halfwidth ideographic, small, one-dot leader, katakana middle dot.
    'Ana evil｡com',
    'Ana evil﹒net',
    'Ana evil․org',
    'Ana evil・com',
    // Bracketed or written out.
    'Ana evil(.)com',
    'Ana evil{.}com',
    'Ana evil [dot] com',
    'Ana evil(dot)com',
    'Ana evil dot com',
    'Ana evil DOT com',
    'Ana evil . com',
    'Ana evil .com',
    // Lookalikes in the top-level domain: digits, full-width letters, Cyrillic.
    'Ana evil.c0m',
    'Ana evil.0rg',
    'Ana evil.1nfo',
    'Ana evil.ｃｏｍ',
    'Ana evil.сом',
    'Ana ｗｗｗ．evil',
    'ｈｔｔｐｓ：／／evil',
  ])('refuses %j', (name) => {
    expect(isCleanName(name)).toBe(false)
    const result = SubscribeSchema.safeParse({ firstName: name, lastName: 'B', email: 'a@b.co' })
    expect(result.error?.issues[0]?.message).toBe(NAME_CONTENT_MESSAGE)
  })

  it.each([
    "José María O'Connor-Núñez",
    'Dr. Ana',
    'J.R.',
    'Ana Ma. López',
    'Ana Ma. Co',
    'St. John',
    'Mary-Kate Olsen Jr.',
    'Dot Cotton',
    'Marc Puig i Col·lell',
    'ジョン・スミス',
    'Анна Иванова',
    'Σοφία Παπαδοπούλου',
    'Nguyễn Thị Minh Khai',
    'Ana 2nd',
    'Comfort Oduya',
    'Dotty Combs',
  ])('accepts %j', (name) => {
    expect(isCleanName(name)).toBe(true)
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
