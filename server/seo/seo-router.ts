import type { Request, Router } from 'express'
import {
  newsFeedQuery,
  newsSitemapQuery,
  showSitemapQuery,
  siteSettingsQuery,
} from '../../web/src/content/queries'
import type {
  NewsFeedQueryResult,
  NewsSitemapQueryResult,
  ShowSitemapQueryResult,
  SiteSettingsQueryResult,
} from '../../web/src/content/sanity.types'
import {
  PAST_SHOWS_PATH,
  showPath,
  UPCOMING_SHOWS_PATH,
  upcomingShowsPagePath,
} from '../../web/src/features/shows/shows-contract'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import { buildRssFeed } from '../news/rss-feed'
import { createFeedRouter, type Feed } from '../page-cache/feeds'
import { calendarFeeds } from '../shows/calendar-feeds'
import type { PageResponses } from '../page-cache/page-responses'
import { buildRobotsTxt } from './robots'
import { buildSitemap } from './sitemap'
import { bandNameOf } from '../../web/src/config/public-config'

export type SeoRouterOptions = {
  /** The content client for this request: the same GROQ over the same transport the page renders use. */
  contentClientFor: (req: Request) => ContentClient
  clock: Clock
  /** The page cache the feeds are kept in, like the pages (ADR 090). */
  pages: PageResponses
}

const postPath = (slug: string) => `/news/${encodeURIComponent(slug)}`

/** The tour by area (/shows?area=<slug>): each area some show is in, with its shows' last changes, by slug. */
function areaPages(shows: { area: string | null; _updatedAt: string }[]): [string, string[]][] {
  const byArea = new Map<string, string[]>()
  for (const show of shows) {
    if (show.area) byArea.set(show.area, [...(byArea.get(show.area) ?? []), show._updatedAt])
  }
  return [...byArea].sort(([a], [b]) => a.localeCompare(b))
}

/**
 * robots.txt, sitemap.xml, the news RSS feed and the tour's calendars (server/shows/calendar-feeds.ts). They read published content through the content client, so
 * they show what the pages show (drafts never) on either backend, and a post published in the Studio is in
 * them on the next request.
 */
export const seoFeeds: Feed[] = [
  {
    path: '/robots.txt',
    contentType: 'text/plain; charset=utf-8',
    render: async ({ origin }) => buildRobotsTxt(origin),
  },
  {
    path: '/sitemap.xml',
    contentType: 'application/xml; charset=utf-8',
    render: async ({ content, absolute }) => {
      const [posts, shows] = await Promise.all([
        content.fetch<NewsSitemapQueryResult>(newsSitemapQuery),
        content.fetch<ShowSitemapQueryResult>(showSitemapQuery),
      ])
      const listed = posts.filter((post): post is typeof post & { slug: string } => Boolean(post.slug))
      const listedShows = shows.filter((show): show is typeof show & { slug: string } => Boolean(show.slug))
      // ISO times in UTC sort as strings.
      const latest = (times: string[]) => [...times].sort().at(-1)
      return buildSitemap(
        [
          { path: '/' },
          { path: '/news', lastmod: latest(listed.map((post) => post._updatedAt)) },
          ...listed.map((post) => ({ path: postPath(post.slug), lastmod: post._updatedAt })),
          // The tour and the archive only once there are shows to list in them.
          ...(listedShows.length > 0
            ? [UPCOMING_SHOWS_PATH, PAST_SHOWS_PATH].map((path) => ({
                path,
                lastmod: latest(listedShows.map((show) => show._updatedAt)),
              }))
            : []),
          ...areaPages(listedShows).map(([area, times]) => ({
            path: upcomingShowsPagePath(1, area),
            lastmod: latest(times),
          })),
          ...listedShows.map((show) => ({ path: showPath(show.slug), lastmod: show._updatedAt })),
        ],
        absolute,
      )
    },
  },
  {
    path: '/news/rss.xml',
    contentType: 'application/rss+xml; charset=utf-8',
    render: async ({ content, absolute, now }) => {
      const [settings, posts] = await Promise.all([
        content.fetch<SiteSettingsQueryResult>(siteSettingsQuery),
        content.fetch<NewsFeedQueryResult>(newsFeedQuery),
      ])
      const bandName = bandNameOf(settings)
      return buildRssFeed({
        title: `${bandName} news`,
        link: absolute('/news'),
        feedUrl: absolute('/news/rss.xml'),
        description: `News from ${bandName}: new releases, tours and stories from the road.`,
        now,
        items: posts.flatMap((post) =>
          post.slug && post.publishedAt
            ? [
                {
                  title: post.title ?? '',
                  link: absolute(postPath(post.slug)),
                  publishedAt: post.publishedAt,
                  updatedAt: post._updatedAt,
                  description: post.excerpt,
                },
              ]
            : [],
        ),
      })
    },
  },
]

export function createSeoRouter(options: SeoRouterOptions): Router {
  return createFeedRouter({ feeds: [...seoFeeds, ...calendarFeeds], ...options })
}
