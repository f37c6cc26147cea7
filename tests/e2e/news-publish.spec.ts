import { contentClient, signInToContent } from './support/content-session'
import { expectPostInFeeds } from './support/feeds'
import { todayServerUrl } from './support/servers'
import { expect, test } from './support/test'

/**
 * Publishing as the Studio does (a draft, then the publish action, signed in through the content API's own
 * sign-in), on the real-clock server so the posts added here leave the main server's lists alone. Serial: the
 * second test counts the posts the first one added.
 */
test.describe.configure({ mode: 'serial' })

// A returning visitor: the newsletter popup (which opens by itself on scroll or after 12 s) stays closed, so it
// never covers what these tests click.
test.beforeEach(async ({ page }) => {
  // Init scripts also run in frames (the blocked YouTube player), where storage is denied.
  await page.addInitScript(() => {
    if (window === window.top) window.localStorage.setItem('newsletter:popupSeen', 'e2e')
  })
})

const stamp = Date.now().toString(36)
const slug = `e2e-published-${stamp}`
const title = `Fresh from the Studio ${stamp}`

test('a post published in the Studio is on /news, in the RSS feed and in the sitemap on the next load', async ({
  page,
  request,
}) => {
  const client = contentClient(todayServerUrl, await signInToContent(request, todayServerUrl))
  const draftId = `drafts.news-${stamp}`
  await client.create({
    _id: draftId,
    _type: 'newsPost',
    title,
    slug: { _type: 'slug', current: slug },
    publishedAt: new Date(Date.now() - 60_000).toISOString(),
    excerpt: 'Published by the e2e test & checked everywhere.',
    body: [
      {
        _type: 'block',
        _key: 'p',
        style: 'normal',
        markDefs: [],
        children: [{ _type: 'span', _key: 's', text: 'Hello from the Studio.', marks: [] }],
      },
    ],
  })

  // A draft is never public.
  expect((await request.get(`${todayServerUrl}/news/${slug}`)).status()).toBe(404)
  expect(await (await request.get(`${todayServerUrl}/news/rss.xml`)).text()).not.toContain(slug)

  await client.action({
    actionType: 'sanity.action.document.publish',
    draftId,
    publishedId: `news-${stamp}`,
  })

  await page.goto(`${todayServerUrl}/news`)
  await expect(page.locator('.news-card__title').first()).toHaveText(title)
  await page.getByRole('link', { name: title, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(page.getByText('Hello from the Studio.')).toBeVisible()

  await expectPostInFeeds(request, todayServerUrl, {
    title,
    slug,
    escapedExcerpt: 'Published by the e2e test &amp; checked everywhere.',
  })
})

test('past 12 posts the list pages with crawlable links', async ({ page, request }) => {
  const client = contentClient(todayServerUrl, await signInToContent(request, todayServerUrl))
  const transaction = client.transaction()
  for (let i = 0; i < 12; i += 1) {
    transaction.create({
      _id: `news-old-${stamp}-${i}`,
      _type: 'newsPost',
      title: `Archive post ${i + 1}`,
      slug: { _type: 'slug', current: `archive-${stamp}-${i}` },
      // Older than the seed posts, so they fill the end of the list.
      publishedAt: new Date(Date.UTC(2001, 0, 1 + i)).toISOString(),
      body: [],
    })
  }
  await transaction.commit()
  // 2 seed posts + 1 from the previous test + 12 = 15: 12 on page 1, 3 on page 2.
  await page.goto(`${todayServerUrl}/news`)
  await expect(page.locator('.news-card')).toHaveCount(12)
  const older = page.getByRole('link', { name: 'Older posts' })
  await expect(older).toHaveAttribute('href', '/news?page=2')
  await older.click()
  await expect(page).toHaveURL(/\/news\?page=2$/)
  await expect(page.locator('.news-card__title')).toHaveText([
    'Archive post 3',
    'Archive post 2',
    'Archive post 1',
  ])
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Newer posts' })).toHaveAttribute('href', '/news')

  const html = await (await request.get(`${todayServerUrl}/news?page=2`)).text()
  expect(html).toContain(`<link rel="canonical" href="${todayServerUrl}/news?page=2"/>`)
  expect(html).toContain('Archive post 1')
  expect((await request.get(`${todayServerUrl}/news?page=3`)).status()).toBe(404)
})
