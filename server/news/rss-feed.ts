import { escapeXml } from '../seo/xml'

export type RssItem = {
  title: string
  /** Absolute URL of the post; also its permanent guid. */
  link: string
  publishedAt: string
  updatedAt: string
  description?: string | null
}

export type RssChannel = {
  title: string
  /** Absolute URL of the news page. */
  link: string
  /** Absolute URL of the feed itself (atom:link rel=self, which feed validators ask for). */
  feedUrl: string
  description: string
  language?: string
  items: RssItem[]
  /** Used for lastBuildDate when there are no items. */
  now: Date
}

/** RFC 822 dates, as RSS 2.0 requires ("Fri, 15 Aug 2025 17:00:00 GMT"). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString()
}

/**
 * An RSS 2.0 document. lastBuildDate is the latest change among the items (not the request time), so an
 * unchanged feed is byte-identical and its ETag holds.
 */
export function buildRssFeed(channel: RssChannel): string {
  const latest = channel.items
    .map((item) => Date.parse(item.updatedAt))
    .filter((time) => !Number.isNaN(time))
    .reduce((max, time) => Math.max(max, time), Number.NEGATIVE_INFINITY)
  const lastBuildDate = Number.isFinite(latest) ? new Date(latest) : channel.now
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <pubDate>${rfc822(item.publishedAt)}</pubDate>`,
      item.description ? `      <description>${escapeXml(item.description)}</description>` : null,
      '    </item>',
    ]
      .filter((line): line is string => line !== null)
      .join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(channel.link)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language ?? 'en-us')}</language>`,
    `    <atom:link href="${escapeXml(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <lastBuildDate>${lastBuildDate.toUTCString()}</lastBuildDate>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
