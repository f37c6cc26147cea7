import { renderToStaticMarkup } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { BlockContent } from '../../content/sanity.types'
import { DEFAULT_CONTENT_CONFIG } from '../../config/public-config'
import { ContentProvider } from '../../lib/content-context'
import type { ContentClient } from '../../lib/content-client'
import { withI18n } from '../../testing/with-i18n'
import { PostBody } from './post-body'

const client: ContentClient = { fetch: () => Promise.reject(new Error('no fetches in this test')) }

function withContent(body: unknown) {
  return withI18n(
    <ContentProvider client={client} config={DEFAULT_CONTENT_CONFIG}>
      <PostBody value={body as BlockContent} />
    </ContentProvider>,
  )
}

const html = (body: unknown) => renderToStaticMarkup(withContent(body))

function block(text: string, extra: Record<string, unknown> = {}) {
  return {
    _type: 'block',
    _key: Math.random().toString(36).slice(2),
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: 's', text, marks: [] }],
    ...extra,
  }
}

function linked(href: unknown, extraMarkDef: Record<string, unknown> = {}) {
  return {
    _type: 'block',
    _key: 'b',
    style: 'normal',
    markDefs: [{ _type: 'link', _key: 'm', href, ...extraMarkDef }],
    children: [{ _type: 'span', _key: 's', text: 'click me', marks: ['m'] }],
  }
}

const IMAGE_REF = 'image-0123456789abcdef0123456789abcdef01234567-1200x800-jpg'

describe('PostBody', () => {
  it('renders headings, lists, quotes and paragraphs', () => {
    const out = html([
      block('Where to see us', { style: 'h2' }),
      block('Somis', { listItem: 'bullet', level: 1 }),
      block('Santa Barbara', { listItem: 'bullet', level: 1 }),
      block('Quoted', { style: 'blockquote' }),
      block('Plain'),
    ])
    expect(out).toContain('<h2>Where to see us</h2>')
    expect(out).toMatch(/<ul><li>Somis<\/li><li>Santa Barbara<\/li><\/ul>/)
    expect(out).toContain('<blockquote>Quoted</blockquote>')
    expect(out).toContain('<p>Plain</p>')
  })

  it('opens external links in a new tab without an opener or referrer; relative links stay in the site', () => {
    expect(html([linked('https://example.com/tickets')])).toContain(
      '<a href="https://example.com/tickets" target="_blank" rel="noopener noreferrer">click me</a>',
    )
    expect(html([linked('/#events')])).toContain('<a href="/#events">click me</a>')
    expect(html([linked('mailto:booking@example.com')])).toContain(
      '<a href="mailto:booking@example.com">click me</a>',
    )
  })

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    undefined,
    42,
  ])('renders a link to %j as plain text', (href) => {
    const out = html([linked(href)])
    expect(out).toBe('<div class="post-body"><p>click me</p></div>')
  })

  it('never copies other mark fields (on* handlers, style, target) into the markup', () => {
    const out = html([
      linked('https://example.com/', {
        onClick: 'alert(1)',
        onmouseover: 'alert(1)',
        style: 'position:fixed',
        target: '_self',
        rel: 'opener',
      }),
    ])
    expect(out).toBe(
      '<div class="post-body"><p><a href="https://example.com/" target="_blank" rel="noopener noreferrer">click me</a></p></div>',
    )
  })

  it('renders script tags and HTML in text as text', () => {
    const out = html([block('<script>alert(1)</script><img src=x onerror=alert(1)>')])
    expect(out).not.toContain('<script>')
    expect(out).not.toContain('<img')
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;')
  })

  it('ignores unknown block types and unknown marks, whatever they carry', () => {
    const out = html([
      { _type: 'script', _key: 'x', code: 'alert(1)' },
      { _type: 'html', _key: 'y', html: '<iframe src="javascript:alert(1)">' },
      {
        _type: 'block',
        _key: 'z',
        style: 'script',
        markDefs: [{ _type: 'onclick', _key: 'k', handler: 'alert(1)' }],
        children: [{ _type: 'span', _key: 's', text: 'safe', marks: ['k', 'onmouseover'] }],
      },
    ])
    expect(out).not.toMatch(/<script|<iframe|onclick|onmouseover|alert/i)
    expect(out).toContain('safe')
  })

  it('renders an image as a figure with caption and credit, in a responsive srcset', () => {
    const out = html([
      {
        _type: 'image',
        _key: 'i',
        asset: { _type: 'reference', _ref: IMAGE_REF },
        alt: 'The band on stage',
        caption: 'Our first fandango',
        credit: 'Photo: Ana Ruiz',
      },
    ])
    expect(out).toMatch(/<figure class="post-body__figure"><img /)
    expect(out).toContain('alt="The band on stage"')
    expect(out).toContain('width="1200" height="800"')
    expect(out).toContain('loading="lazy"')
    expect(out).toMatch(/srcSet="[^"]*w=480[^"]* 480w, [^"]*w=720[^"]* 720w, [^"]*w=960[^"]* 960w"/)
    expect(out).toContain(
      '<figcaption><span class="post-body__caption">Our first fandango</span><span class="post-body__credit">Photo: Ana Ruiz</span></figcaption>',
    )
  })

  it('drops images whose asset reference is not an image asset id (no URL built from it)', () => {
    const out = html([
      { _type: 'image', _key: 'i', asset: { _ref: 'javascript:alert(1)' }, caption: 'x' },
      { _type: 'image', _key: 'j', asset: { _ref: '"><script>alert(1)</script>' } },
      { _type: 'image', _key: 'k' },
    ])
    expect(out).toBe('<div class="post-body"></div>')
  })

  it('drops YouTube embeds whose id is not a YouTube id', () => {
    const out = html([
      { _type: 'youtubeEmbed', _key: 'v', youtubeId: '"><script>alert(1)</script>' },
      { _type: 'youtubeEmbed', _key: 'w', youtubeId: 'abc/../../x' },
    ])
    expect(out).toBe('<div class="post-body"></div>')
  })

  it('shows a YouTube video as a button with a thumbnail; the player loads only on click', async () => {
    render(
      withContent([{ _type: 'youtubeEmbed', _key: 'v', youtubeId: 'Qx7LmR2vK9d', caption: 'Live session' }]),
    )
    expect(document.querySelector('iframe')).toBeNull()
    // The site's own copy of the thumbnail: nothing reaches YouTube before the click.
    expect(document.querySelector('img')).toHaveAttribute('src', '/thumbnails/youtube/Qx7LmR2vK9d')
    await userEvent.click(screen.getByRole('button', { name: 'Play video: Live session' }))
    const frame = screen.getByTitle('Live session')
    expect(frame.tagName).toBe('IFRAME')
    expect(frame).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/Qx7LmR2vK9d?autoplay=1&rel=0',
    )
    expect(screen.queryByRole('button', { name: /Play video/ })).toBeNull()
  })
})
