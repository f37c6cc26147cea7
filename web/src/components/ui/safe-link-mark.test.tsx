import { PortableText } from '@portabletext/react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { safeTextComponents } from './safe-link-mark'

const block = (href: string, text: string) => ({
  _type: 'block',
  _key: text,
  style: 'normal',
  markDefs: [{ _type: 'link', _key: 'l', href }],
  children: [{ _type: 'span', _key: 's', text, marks: ['l'] }],
})

describe('CMS links on the page', () => {
  it('render javascript: and data: links as plain text in short copy', () => {
    const value = [
      block('javascript:alert(1)', 'script'),
      block('data:text/html,<script>alert(1)</script>', 'data'),
      block('https://band.example/tour', 'tour'),
    ]
    const html = renderToString(<PortableText value={value} components={safeTextComponents} />)
    expect(html).not.toMatch(/javascript:|data:/)
    expect(html).toContain(
      '<a href="https://band.example/tour" target="_blank" rel="noopener noreferrer">tour</a>',
    )
  })
})
