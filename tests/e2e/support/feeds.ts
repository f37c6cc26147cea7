import type { APIRequestContext } from '@playwright/test'
import { expect } from './test'

/**
 * Checks that a just-published post is the newest item of the RSS feed and listed in the sitemap of the server at
 * `origin`, as a reader's feed app and a crawler would find it on their next fetch.
 */
export async function expectPostInFeeds(
  request: APIRequestContext,
  origin: string,
  post: { title: string; slug: string; escapedExcerpt: string },
) {
  const feed = await (await request.get(`${origin}/news/rss.xml`)).text()
  const newest = feed.split('<item>')[1] ?? ''
  expect(newest).toContain(`<title>${post.title}</title>`)
  expect(newest).toContain(`<link>${origin}/news/${post.slug}</link>`)
  expect(newest).toContain(`<description>${post.escapedExcerpt}</description>`)
  expect(await (await request.get(`${origin}/sitemap.xml`)).text()).toContain(
    `<loc>${origin}/news/${post.slug}</loc>`,
  )
}
