import type { Request, Router } from 'express'
import { newsSitemapQuery, showSitemapQuery } from '../../web/src/content/queries'
import type { NewsSitemapQueryResult, ShowSitemapQueryResult } from '../../web/src/content/sanity.types'
import {
  PAST_SHOWS_PATH,
  showPath,
  UPCOMING_SHOWS_PATH,
  upcomingShowsPagePath,
} from '../../web/src/features/shows/shows-contract'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import { newsFeed } from '../news/news-feeds'
import { postPath } from '../news/post-paths'
import { createFeedRouter, type Feed } from '../page-cache/feeds'
import { calendarFeeds } from '../shows/calendar-feeds'
import type { PageResponses } from '../page-cache/page-responses'
import { buildRobotsTxt } from './robots'
import { buildSitemap } from './sitemap'

export type SeoRouterOptions = {
  /** The content client for this request: the same GROQ over the same transport the page renders use. */
  contentClientFor: (req: Request) => ContentClient
  clock: Clock
  /** The page cache the feeds are kept in, like the pages (ADR 090). */
  pages: PageResponses
}

/** The tour by area (/shows?area=<slug>): each area some show is in, with its shows' last changes, by slug. */
function areaPages(shows: { area: string | null; _updatedAt: string }[]): [string, string[]][] {
  const byArea = new Map<string, string[]>()
  for (const show of shows) {
    if (show.area) byArea.set(show.area, [...(byArea.get(show.area) ?? []), show._updatedAt])
  }
  return [...byArea].sort(([a], [b]) => a.localeCompare(b))
}

/**
 * robots.txt, sitemap.xml, the news RSS feed of each language (server/news/news-feeds.ts) and the tour's calendars (server/shows/calendar-feeds.ts). They read published content through the content client, so
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
      return buildSitemap([
        { loc: absolute('/') },
        { loc: absolute('/news'), lastmod: latest(listed.map((post) => post._updatedAt)) },
        ...listed.map((post) => ({
          loc: absolute(postPath(post.slug, post.language)),
          lastmod: post._updatedAt,
        })),
        // The tour and the archive only once there are shows to list in them.
        ...(listedShows.length > 0
          ? [UPCOMING_SHOWS_PATH, PAST_SHOWS_PATH].map((path) => ({
              loc: absolute(path),
              lastmod: latest(listedShows.map((show) => show._updatedAt)),
            }))
          : []),
        ...areaPages(listedShows).map(([area, times]) => ({
          loc: absolute(upcomingShowsPagePath(1, area)),
          lastmod: latest(times),
        })),
        ...listedShows.map((show) => ({ loc: absolute(showPath(show.slug)), lastmod: show._updatedAt })),
      ])
    },
  },
  newsFeed('en'),
  newsFeed('es'),
]

export function createSeoRouter(options: SeoRouterOptions): Router {
  return createFeedRouter({ feeds: [...seoFeeds, ...calendarFeeds], ...options })
}
