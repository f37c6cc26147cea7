import type { Page, Route } from '@playwright/test'
import { expect, test, waitForHydration } from './support/test'

// A returning visitor: the newsletter popup (which opens by itself on scroll or after 12 s) stays closed, so it
// never covers what these tests click.
test.beforeEach(async ({ page }) => {
  // Init scripts also run in frames (the blocked YouTube player), where storage is denied.
  await page.addInitScript(() => {
    if (window === window.top) window.localStorage.setItem('newsletter:popupSeen', 'e2e')
  })
})

const ANNIVERSARY = 'Ten years on the road: our anniversary tour'
const ALMA_OESTE = 'New single: Alma Oeste'

/** Holds requests for a lazy chunk until `release()` so the route's loading text can be seen. */
async function holdChunk(page: Page, pattern: RegExp) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const held: Route[] = []
  await page.route(pattern, async (route) => {
    held.push(route)
    await released
    await route.continue()
  })
  return { release, held }
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  )
}

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1]
}

const isYouTube = (url: string) => /youtube(-nocookie)?\.com/.test(new URL(url).hostname)

test('/news lists the posts newest first, rendered on the server and hydrated without errors', async ({
  page,
  request,
  consoleErrors,
}) => {
  const html = await (await request.get('/news')).text()
  expect(html.indexOf(ANNIVERSARY)).toBeGreaterThan(0)
  expect(html.indexOf(ANNIVERSARY)).toBeLessThan(html.indexOf(ALMA_OESTE))
  expect(html).toContain(
    '<time class="news-card__date" dateTime="2025-08-15T17:00:00.000Z">August 15, 2025</time>',
  )

  await page.goto('/news')
  await waitForHydration(page)
  const titles = page.locator('.news-card__title')
  await expect(titles).toHaveText([ANNIVERSARY, ALMA_OESTE])
  const covers = page.locator('.news-card__image')
  await expect(covers.first()).toHaveAttribute('loading', 'eager')
  await expect(covers.nth(1)).toHaveAttribute('loading', 'lazy')
  await expect(covers.first()).toHaveAttribute('srcset', /\/content\/images\/.+ 400w, .+ 640w/)
  await expect(covers.first()).toHaveAttribute('alt', 'Saguaro cacti under a desert sunset')
  await expect(page.getByRole('link', { name: 'RSS feed' })).toHaveAttribute('href', '/news/rss.xml')
  await page.getByRole('link', { name: ANNIVERSARY, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: ANNIVERSARY })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('a post shows its rich text, a captioned photo and a video that loads only on click', async ({
  page,
  consoleErrors,
  externalRequests,
}) => {
  await page.goto('/news/anniversary-tour')
  await expect(page.getByRole('heading', { level: 1, name: ANNIVERSARY })).toBeVisible()
  await expect(page.locator('main time').first()).toHaveText('August 15, 2025')
  await expect(page.getByRole('heading', { level: 2, name: 'Where to see us' })).toBeVisible()
  await expect(page.locator('.post-body li')).toHaveCount(3)
  const figure = page
    .locator('figure')
    .filter({ has: page.getByRole('img', { name: 'The band on stage under warm lights' }) })
  await expect(figure.locator('figcaption')).toContainText('Our first fandango in Ventura, fall 2015.')
  await expect(figure.locator('figcaption')).toContainText('Photo: Ana Ruiz')
  await expect(page.getByRole('link', { name: 'Read about the fandango' })).toHaveAttribute(
    'rel',
    'noopener noreferrer',
  )
  await expect(page.getByRole('link', { name: 'see every date on our home page' })).toHaveAttribute(
    'href',
    '/#events',
  )
  // Share links are plain links; nothing of the networks loads.
  await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=http%3A%2F%2Flocalhost%3A\d+%2Fnews%2Fanniversary-tour$/,
  )
  await expect(page.getByRole('link', { name: 'Share by e-mail' })).toHaveAttribute(
    'href',
    /^mailto:\?subject=/,
  )

  const play = page.getByRole('button', { name: 'Play video: Live session at Land+Sky' })
  await play.scrollIntoViewIfNeeded()
  await expect(page.locator('iframe')).toHaveCount(0)
  expect(externalRequests.filter(isYouTube)).toEqual([])
  // The cached page arrives before the post's code has hydrated; a click on the server's button does nothing.
  await waitForHydration(page)
  await play.click()
  const frame = page.locator('iframe[title="Live session at Land+Sky"]')
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/Qx7LmR2vK9d\?/)
  await expect
    .poll(() => externalRequests.filter(isYouTube))
    .toContainEqual(expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/Qx7LmR2vK9d/))
  expect(consoleErrors).toEqual([])
})

test("a video's thumbnail comes from the site itself, and nothing of YouTube's loads before a click", async ({
  page,
  consoleErrors,
  externalRequests,
}) => {
  await page.goto('/news/anniversary-tour')
  const thumbnail = page.locator('.youtube-facade__thumb')
  await thumbnail.scrollIntoViewIfNeeded()
  await expect(thumbnail).toHaveAttribute('src', '/thumbnails/youtube/Qx7LmR2vK9d')
  // The test server never fetches from YouTube (YOUTUBE_THUMBNAIL_ORIGIN=off): the image is its placeholder.
  await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480)
  expect(externalRequests.filter((url) => /youtube|ytimg/.test(new URL(url).hostname))).toEqual([])
  expect(consoleErrors).toEqual([])
})

test('previous and next posts link to each other', async ({ page, consoleErrors }) => {
  await page.goto('/news/anniversary-tour')
  await waitForHydration(page)
  const neighbours = page.getByRole('navigation', { name: 'More news' })
  await expect(neighbours.getByRole('link', { name: /Next post/ })).toHaveCount(0)
  await neighbours.getByRole('link', { name: /Previous post/ }).click()
  await expect(page).toHaveURL(/\/news\/alma-oeste-single$/)
  await expect(page.getByRole('heading', { level: 1, name: ALMA_OESTE })).toBeVisible()
  await expect(page).toHaveTitle(`${ALMA_OESTE} · Los Forasteros`)
  await page
    .getByRole('navigation', { name: 'More news' })
    .getByRole('link', { name: /Next post/ })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: ANNIVERSARY })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('an unknown post is the 404 page with HTTP 404, inside the site layout', async ({
  page,
  consoleErrors,
}) => {
  const response = await page.goto('/news/no-such-post')
  await waitForHydration(page)
  expect(response?.status()).toBe(404)
  await expect(page).toHaveTitle('404 Page Not Found')
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible()
  await expect(page.getByText('There is no news post at this address.')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  // The router took over after hydration: a client-side link works.
  await page.getByRole('main').getByRole('link', { name: 'See all news' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible()
  expect(consoleErrors).toEqual([
    'Failed to load resource: the server responded with a status of 404 (Not Found)',
  ])
})

test('a page of the list past the last, or a malformed one, is a 404', async ({ request }) => {
  for (const path of ['/news?page=2', '/news?page=0', '/news?page=abc']) {
    const response = await request.get(path)
    expect(response.status(), path).toBe(404)
    expect(await response.text()).toContain('404 Page Not Found')
  }
})

test('the home page stays while the news code loads on client-side navigation', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/')
  await waitForHydration(page)
  const chunk = await holdChunk(page, /\/assets\/route-news-[\w-]+\.js$/)
  await page.locator('#events').getByRole('link', { name: 'ten-year anniversary tour' }).click()
  // The route handler sees the request a moment after the app asked for it.
  await expect.poll(() => chunk.held.length).toBeGreaterThan(0)
  await expect(page.locator('#events')).toBeVisible()
  chunk.release()
  await expect(page.locator('.news-card__title')).toHaveText([ANNIVERSARY, ALMA_OESTE])
  await expect(page).toHaveTitle('News · Los Forasteros')
  expect(consoleErrors).toEqual([])
})

test('the server HTML of a post carries its metadata and NewsArticle JSON-LD', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/news/anniversary-tour')
  expect(response.status()).toBe(200)
  const html = await response.text()
  const url = `${baseURL}/news/anniversary-tour`
  expect(html).toContain(`<title>${ANNIVERSARY} · Los Forasteros</title>`)
  expect(html).toContain(`<link rel="canonical" href="${url}"/>`)
  expect(meta(html, 'name', 'description')).toBe(
    'Ten years after our first fandango we are taking the whole band up and down the West Coast.',
  )
  expect(meta(html, 'property', 'og:type')).toBe('article')
  expect(meta(html, 'property', 'og:url')).toBe(url)
  const ogImage = meta(html, 'property', 'og:image')
  expect(ogImage).toMatch(new RegExp(`^${baseURL}/content/images/local/production/[\\w-]+\\.jpg\\?`))
  expect((await request.get(ogImage!.replaceAll('&amp;', '&'))).headers()['content-type']).toMatch(/^image\//)
  expect(html).toContain(
    `<link rel="alternate" type="application/rss+xml" title="Los Forasteros news" href="${baseURL}/news/rss.xml"/>`,
  )

  const article = jsonLd(html).find((data) => data['@type'] === 'NewsArticle')
  expect(article).toMatchObject({
    '@context': 'https://schema.org',
    headline: ANNIVERSARY,
    url,
    datePublished: '2025-08-15T17:00:00.000Z',
    dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    image: [expect.stringMatching(new RegExp(`^${baseURL}/content/images/`))],
    author: { '@type': 'MusicGroup', name: 'Los Forasteros', url: `${baseURL}/` },
    publisher: {
      '@type': 'MusicGroup',
      name: 'Los Forasteros',
      logo: { '@type': 'ImageObject', url: expect.stringMatching(new RegExp(`^${baseURL}/content/images/`)) },
    },
  })
})

test('the server HTML of /news carries its metadata and a CollectionPage of the posts', async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get('/news')).text()
  expect(html).toContain('<title>News · Los Forasteros</title>')
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/news"/>`)
  expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`^${baseURL}/content/images/`))
  const collection = jsonLd(html).find((data) => data['@type'] === 'CollectionPage')
  expect(collection).toMatchObject({
    url: `${baseURL}/news`,
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: [
        { position: 1, url: `${baseURL}/news/anniversary-tour`, name: ANNIVERSARY },
        { position: 2, url: `${baseURL}/news/alma-oeste-single`, name: ALMA_OESTE },
      ],
    },
  })
})

test('RSS feed, sitemap and robots.txt list the posts with absolute URLs', async ({ request, baseURL }) => {
  const rss = await request.get('/news/rss.xml')
  expect(rss.status()).toBe(200)
  expect(rss.headers()['content-type']).toBe('application/rss+xml; charset=utf-8')
  const feed = await rss.text()
  expect(feed).toContain('<rss version="2.0"')
  expect(feed).toContain(`<link>${baseURL}/news</link>`)
  expect(feed).toMatch(/<lastBuildDate>\w{3}, \d\d \w{3} \d{4} [\d:]{8} GMT<\/lastBuildDate>/)
  const items = [...feed.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1])
  expect(items).toEqual([`${baseURL}/news/anniversary-tour`, `${baseURL}/news/alma-oeste-single`])
  expect(feed).toContain('<pubDate>Fri, 15 Aug 2025 17:00:00 GMT</pubDate>')

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/)
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  // Each page in English and then in Spanish (ADR 194).
  const both = (path: string) => [`${baseURL}${path}`, `${baseURL}/es${path === '/' ? '' : path}`]
  expect(locs).toEqual([
    ...both('/'),
    ...both('/news'),
    // Each post at its own language's address (ADR 193), newest first; a translated pair from its English post.
    `${baseURL}/es/news/taller-de-zapateado-oxnard`,
    `${baseURL}/news/anniversary-tour`,
    `${baseURL}/es/news/gira-de-aniversario`,
    `${baseURL}/news/alma-oeste-single`,
    // Every show has a page of its own (ADR 120), newest first, after the tour and the archive of past shows.
    ...both('/shows'),
    ...both('/shows/past'),
    // The tour in each area a show is in (docs/fan-site-rules.md §10).
    ...both('/shows?area=central-coast'),
    ...both('/shows?area=southern-california'),
    ...both('/shows/2025-11-08-irvine-bowl-laguna-beach'),
    ...both('/shows/2025-11-06-arlington-theatre-santa-barbara'),
    ...both('/shows/2025-10-25-land-sky-somis'),
    ...both('/shows/2025-09-04-hotel-el-roblar-ojai'),
  ])

  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain('Disallow: /admin')
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})
