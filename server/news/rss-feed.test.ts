import { describe, expect, it } from 'vitest'
import { buildRssFeed, type RssChannel } from './rss-feed'

const channel = (items: RssChannel['items']): RssChannel => ({
  title: 'Los Forasteros news',
  link: 'https://band.example/news',
  feedUrl: 'https://band.example/news/rss.xml',
  description: 'News & stories',
  now: new Date('2026-01-01T00:00:00Z'),
  items,
})

describe('buildRssFeed', () => {
  it('writes an RSS 2.0 channel with absolute links, guids, RFC 822 dates and a self link', () => {
    const xml = buildRssFeed(
      channel([
        {
          title: 'Ten years on the road',
          link: 'https://band.example/news/anniversary-tour',
          publishedAt: '2025-08-15T17:00:00.000Z',
          updatedAt: '2025-09-01T10:00:00.000Z',
          description: 'The anniversary tour.',
        },
        {
          title: 'New single',
          link: 'https://band.example/news/alma-oeste-single',
          publishedAt: '2025-06-02T17:00:00.000Z',
          updatedAt: '2025-06-02T17:00:00.000Z',
        },
      ]),
    )
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true)
    expect(xml).toContain('<title>Los Forasteros news</title>')
    expect(xml).toContain('<link>https://band.example/news</link>')
    expect(xml).toContain('<description>News &amp; stories</description>')
    expect(xml).toContain(
      '<atom:link href="https://band.example/news/rss.xml" rel="self" type="application/rss+xml"/>',
    )
    // The latest change among the items, so an unchanged feed stays byte-identical.
    expect(xml).toContain('<lastBuildDate>Mon, 01 Sep 2025 10:00:00 GMT</lastBuildDate>')
    expect(xml).toContain('<guid isPermaLink="true">https://band.example/news/anniversary-tour</guid>')
    expect(xml).toContain('<pubDate>Fri, 15 Aug 2025 17:00:00 GMT</pubDate>')
    expect(xml.indexOf('anniversary-tour')).toBeLessThan(xml.indexOf('alma-oeste-single'))
    expect(xml.match(/<item>/g)).toHaveLength(2)
    // No description element for a post without an excerpt.
    expect(xml.split('<item>')[2]).not.toContain('<description>')
  })

  it('escapes markup and drops characters XML cannot carry', () => {
    const xml = buildRssFeed(
      channel([
        {
          title: 'Rock & "roll" <script>alert(1)</script> it\'s \u0007here',
          link: 'https://band.example/news/a?x=1&y=2',
          publishedAt: '2025-01-01T00:00:00Z',
          updatedAt: '2025-01-01T00:00:00Z',
          description: ']]> <b>bold</b>',
        },
      ]),
    )
    expect(xml).toContain(
      '<title>Rock &amp; &quot;roll&quot; &lt;script&gt;alert(1)&lt;/script&gt; it&apos;s here</title>',
    )
    expect(xml).toContain('<link>https://band.example/news/a?x=1&amp;y=2</link>')
    expect(xml).toContain('<description>]]&gt; &lt;b&gt;bold&lt;/b&gt;</description>')
    expect(xml).not.toContain('<script>')
    expect(xml).not.toContain('\u0007')
  })

  it('uses the current time as lastBuildDate for an empty feed', () => {
    const xml = buildRssFeed(channel([]))
    expect(xml).toContain('<lastBuildDate>Thu, 01 Jan 2026 00:00:00 GMT</lastBuildDate>')
    expect(xml).not.toContain('<item>')
  })
})
