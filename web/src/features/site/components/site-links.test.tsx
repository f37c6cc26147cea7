import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { SiteSettings } from '../api/get-site-settings'
import { withI18n } from '../../../testing/with-i18n'
import { AboutText } from './about-text'
import { SocialLinks } from './social-links'

describe('CMS links in the site settings', () => {
  it('leave unsafe social links out', () => {
    const settings = {
      bandName: 'Los Forasteros',
      socialLinks: [
        { _key: 'a', platform: 'instagram', url: 'data:text/html,<script>alert(1)</script>' },
        { _key: 'b', platform: 'facebook', url: 'javascript:alert(1)' },
        { _key: 'c', platform: 'youtube', url: 'https://www.youtube.com/@band' },
      ],
    } as unknown as SiteSettings
    const html = renderToString(withI18n(<SocialLinks settings={settings} />))
    expect(html).not.toMatch(/javascript:|data:/)
    expect(html.match(/<a /g)).toHaveLength(1)
    expect(html).toContain('href="https://www.youtube.com/@band"')
  })

  it('render unsafe about links as plain text', () => {
    const value = [
      {
        _type: 'block',
        _key: 'b',
        style: 'normal',
        markDefs: [{ _type: 'link', _key: 'l', href: 'data:text/html,<script>alert(1)</script>' }],
        children: [{ _type: 'span', _key: 's', text: 'press kit', marks: ['l'] }],
      },
    ] as unknown as NonNullable<SiteSettings['about']>
    const html = renderToString(<AboutText value={value} />)
    expect(html).not.toContain('data:')
    expect(html).toContain('press kit')
  })
})
