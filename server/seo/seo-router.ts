import { Router, type Request } from 'express'
import { newsFeedQuery, newsSitemapQuery, siteSettingsQuery } from '../../web/src/content/queries'
import type {
  NewsFeedQueryResult,
  NewsSitemapQueryResult,
  SiteSettingsQueryResult,
} from '../../web/src/content/sanity.types'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import { buildRssFeed } from '../news/rss-feed'
import { buildRobotsTxt } from './robots'
import { buildSitemap } from './sitemap'

export type SeoRouterOptions = {
  /** SITE_URL; unset: the request's origin. */
  siteUrl?: string
  /** The content client for this request: the same GROQ over the same transport the page renders use. */
  contentClientFor: (req: Request) => ContentClient
  clock: Clock
}

const postPath = (slug: string) => `/news/${encodeURIComponent(slug)}`

/**
 * robots.txt, sitemap.xml and the news RSS feed. They read published content through the content client, so
 * they show what the pages show (drafts never) on either backend, and a post published in the Studio is in
 * them on the next request. `no-cache`: clients revalidate every time, against the ETag Express computes.
 */
export function createSeoRouter({ siteUrl, contentClientFor, clock }: SeoRouterOptions): Router {
  const router = Router()
  const originOf = (req: Request) => siteUrl ?? `${req.protocol}://${req.get('host')}`
  const absolute = (req: Request, path: string) => new URL(path, originOf(req)).href

  router.get('/robots.txt', (req, res) => {
    res
      .set('Cache-Control', 'no-cache')
      .type('text/plain')
      .send(buildRobotsTxt(originOf(req)))
  })

  router.get('/sitemap.xml', async (req, res) => {
    const posts = await contentClientFor(req).fetch<NewsSitemapQueryResult>(newsSitemapQuery)
    const listed = posts.filter((post): post is typeof post & { slug: string } => Boolean(post.slug))
    // ISO times in UTC sort as strings.
    const newsChanged = listed
      .map((post) => post._updatedAt)
      .sort()
      .at(-1)
    const xml = buildSitemap([
      { loc: absolute(req, '/') },
      { loc: absolute(req, '/news'), lastmod: newsChanged },
      ...listed.map((post) => ({ loc: absolute(req, postPath(post.slug)), lastmod: post._updatedAt })),
    ])
    res.set('Cache-Control', 'no-cache').type('application/xml').send(xml)
  })

  router.get('/news/rss.xml', async (req, res) => {
    const client = contentClientFor(req)
    const [settings, posts] = await Promise.all([
      client.fetch<SiteSettingsQueryResult>(siteSettingsQuery),
      client.fetch<NewsFeedQueryResult>(newsFeedQuery),
    ])
    const bandName = settings?.bandName || 'Los Forasteros'
    const xml = buildRssFeed({
      title: `${bandName} news`,
      link: absolute(req, '/news'),
      feedUrl: absolute(req, '/news/rss.xml'),
      description: `News from ${bandName}: new releases, tours and stories from the road.`,
      now: clock.now(),
      items: posts.flatMap((post) =>
        post.slug && post.publishedAt
          ? [
              {
                title: post.title ?? '',
                link: absolute(req, postPath(post.slug)),
                publishedAt: post.publishedAt,
                updatedAt: post._updatedAt,
                description: post.excerpt,
              },
            ]
          : [],
      ),
    })
    res.set('Cache-Control', 'no-cache').type('application/rss+xml; charset=utf-8').send(xml)
  })

  return router
}
