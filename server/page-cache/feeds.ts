import { Router, type Request } from 'express'
import type { ContentClient } from '../../web/src/lib/content-client'
import type { Clock } from '../clock'
import type { PageResponses } from './page-responses'
import { recordRenderReads } from './render-reads'

/** What a feed renders from: nothing of the request but its origin and path parameters. */
export type FeedContext = {
  /** SITE_URL, else the request's origin. */
  origin: string
  /** An absolute URL on `origin`. */
  absolute: (path: string) => string
  /** Published content, as the pages read it. */
  content: ContentClient
  now: Date
  /** The path's parameters (`/shows/:slug.ics` -> `{slug}`). */
  params: Record<string, string>
}

/** A feed's answer when it is more than a 200 with its body: another status, type or headers of its own. */
export type FeedAnswer = {
  status: number
  body: string
  contentType?: string
  headers?: Record<string, string>
}

/**
 * A non-HTML document the site serves from content: RSS, the sitemap, robots.txt, calendars. Registered with
 * `createFeedRouter`, it is rendered once per content revision and kept like a page (ADR 090). `render` answers
 * the body, or a status with a body and headers (e.g. 404 for an unknown slug, a download's file name).
 */
export type Feed = {
  path: string
  contentType: string
  render: (context: FeedContext) => Promise<string | FeedAnswer>
}

export function createFeedRouter({
  feeds,
  pages,
  contentClientFor,
  clock,
}: {
  feeds: Feed[]
  pages: PageResponses
  /** The content client for this request (in-process, loopback or Sanity's API). */
  contentClientFor: (req: Request) => ContentClient
  clock: Clock
}): Router {
  const router = Router()
  for (const feed of feeds) {
    router.get(feed.path, async (req, res) => {
      const content = contentClientFor(req)
      const params = { ...req.params } as Record<string, string>
      await pages.respond(
        req,
        res,
        async (url) => {
          const reads = recordRenderReads(content)
          const result = await feed.render({
            origin: url.origin,
            absolute: (path) => new URL(path, url.origin).href,
            content: reads.client,
            now: clock.now(),
            params,
          })
          const answer: FeedAnswer = typeof result === 'string' ? { status: 200, body: result } : result
          return { contentType: feed.contentType, ...answer, syncTags: reads.syncTags() }
        },
        { asPage: false },
      )
    })
  }
  return router
}
