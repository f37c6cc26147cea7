import { describe, expect, it } from 'vitest'
import { safeHref, safeLinkUrl, withSafeJsonLdUrls } from './safe-url'

describe('safeHref', () => {
  it.each([
    ['https://example.com/tickets', { href: 'https://example.com/tickets', external: true }],
    ['http://example.com', { href: 'http://example.com/', external: true }],
    ['mailto:booking@example.com', { href: 'mailto:booking@example.com', external: false }],
    ['tel:+15555550100', { href: 'tel:+15555550100', external: false }],
    ['/#events', { href: '/#events', external: false }],
    ['/news/anniversary-tour', { href: '/news/anniversary-tour', external: false }],
    ['#top', { href: '#top', external: false }],
    ['  https://example.com/x  ', { href: 'https://example.com/x', external: true }],
  ])('allows %j', (input, expected) => {
    expect(safeHref(input)).toEqual(expected)
  })

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/x',
    '',
    '   ',
    'http://',
  ])('drops %j', (input) => {
    expect(safeHref(input)).toBeNull()
  })

  it.each([undefined, null, 42, { href: 'https://example.com' }, ['https://example.com']])(
    'drops a non-string %j',
    (input) => {
      expect(safeHref(input)).toBeNull()
    },
  )
})

describe('safeLinkUrl', () => {
  it('passes allowed links and drops the rest', () => {
    expect(safeLinkUrl('https://tickets.example.com/a')).toBe('https://tickets.example.com/a')
    expect(safeLinkUrl('tel:+15555550100')).toBe('tel:+15555550100')
    expect(safeLinkUrl('data:text/html,x')).toBeNull()
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull()
    expect(safeLinkUrl(null)).toBeNull()
  })
})

describe('withSafeJsonLdUrls', () => {
  it('removes unsafe URL values at any depth, and leaves other strings alone', () => {
    expect(
      withSafeJsonLdUrls({
        '@type': 'MusicGroup',
        name: 'javascript: the band',
        url: 'https://example.com/',
        sameAs: ['https://a.example', 'javascript:alert(1)'],
        event: [{ offers: { url: 'data:text/html,x', price: 5 } }],
        logo: { '@type': 'ImageObject', url: 'vbscript:x' },
      }),
    ).toEqual({
      '@type': 'MusicGroup',
      name: 'javascript: the band',
      url: 'https://example.com/',
      sameAs: ['https://a.example'],
      event: [{ offers: { price: 5 } }],
      logo: { '@type': 'ImageObject' },
    })
  })
})
