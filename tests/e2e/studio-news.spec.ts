import { expectPostInFeeds } from './support/feeds'
import { publishServerUrl } from './support/servers'
import { createDocument, publishUntil, openStudio, unexpectedStudioErrors } from './support/studio'
import { expect as baseExpect, test } from './support/test'

// The band manager's path for news: the real Studio, its Portable Text editor, the publish button. The post
// lands on the server of the specs that publish, not the main one whose news list other specs read as seeded
// (tests/e2e/support/servers.ts).
const expect = baseExpect.configure({ timeout: 30_000 })
test.setTimeout(120_000)

const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })

test('a news post written and published in the Studio is on /news, in the RSS feed and in the sitemap', async ({
  page,
  request,
  consoleErrors,
}) => {
  const stamp = Date.now().toString(36)
  const title = `Written in the Studio ${stamp}`
  const slug = `written-in-the-studio-${stamp}`

  const studioErrors = await openStudio(page)
  await createDocument(page, 'News posts', 'News post')
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('button', { name: 'Generate' }).click()
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug)
  await page.getByRole('textbox', { name: 'Excerpt' }).fill('Notes from the road & the van.')
  await page.getByTestId('pt-editor').locator('[contenteditable="true"]').click()
  await page.keyboard.type('Hello from the band manager’s desk.')

  // The Studio saves drafts as you type; a draft is never public.
  await expect
    .poll(async () => (await request.get(`${SITE}/news/${slug}`)).status(), { timeout: 5_000 })
    .toBe(404)

  // The Studio may still be syncing the last keystrokes and drop the first click: publish until the API has it.
  await publishUntil(
    page,
    '*[_type == "newsPost" && slug.current == $slug][0]{title, "body": pt::text(body)}',
    { slug },
    { title, body: 'Hello from the band manager’s desk.' },
  )

  const site = await page.context().newPage()
  await site.addInitScript(() => window.localStorage.setItem('newsletter:popupSeen', 'e2e'))
  await site.goto(`${SITE}/news`)
  // Dated "now" by the schema's initial value: the newest post, so first in the list.
  await expect(site.locator('.news-card__title').first()).toHaveText(title)
  await site.getByRole('link', { name: title, exact: true }).click()
  await expect(site.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(site.getByText('Hello from the band manager’s desk.')).toBeVisible()

  await expectPostInFeeds(request, SITE, {
    title,
    slug,
    escapedExcerpt: 'Notes from the road &amp; the van.',
  })
  expect(studioErrors).toEqual([])
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})
