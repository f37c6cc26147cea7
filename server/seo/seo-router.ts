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
import { createFeedRouter, type Feed } from '../page-cache/feeds'
import { calendarFeeds } from '../shows/calendar-feeds'
import type { PageResponses } from '../page-cache/page-responses'
import { buildRobotsTxt } from './robots'
import { buildSitemap, type SitemapEntry } from './sitemap'

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
/**
 * A news post's sitemap entry: at its own language's address, with its translation's (or none) as the other
 * language's (ADR 194). A translated pair is one entry, written from its English post.
 */
function postEntry(post: NewsSitemapQueryResult[number] & { slug: string }): SitemapEntry[] {
  const language = post.language === 'es' ? 'es' : 'en'
  const other = language === 'es' ? 'en' : 'es'
  const translated = post.translation?.language === other ? post.translation.slug : null
  if (language === 'es' && translated) return []
  const path = `/news/${encodeURIComponent(post.slug)}`
  const otherPath = translated ? `/news/${encodeURIComponent(translated)}` : null
  return [{ path, lastmod: post._updatedAt, translations: { [language]: path, [other]: otherPath } }]
}

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
          ...listed.flatMap(postEntry),
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
  newsFeed('en'),
  newsFeed('es'),
]

export function createSeoRouter(options: SeoRouterOptions): Router {
  return createFeedRouter({ feeds: [...seoFeeds, ...calendarFeeds], ...options })
}
