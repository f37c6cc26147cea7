import type { APIRequestContext } from '@playwright/test'
import { contentClient, signInToContent } from './support/content-session'
import { nextMinute, studioDateTime, TIME_ZONE } from './support/release-time'
import { publishServerUrl } from './support/servers'
import { openStudio, unexpectedStudioErrors } from './support/studio'
import { expect as baseExpect, test } from './support/test'

// Issue 38, Scheduled Drafts: the band manager edits a published news post in the real Studio and, from the
// editor's own actions, schedules the draft about a minute ahead. The Studio makes a release of that one document
// (`metadata.cardinality: "one"`) and schedules it; the server publishes it at its time with nobody signed in.
// A signed-out reader sees the old post until then and the edited one after. The post lands on the server of the
// specs that publish, not the main one others read as seeded (tests/e2e/support/servers.ts).
// Generous: the Studio on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 60_000 })
// Most of it is the minute's wait and the Studio's first load on a busy machine.
test.setTimeout(300_000)
test.use({ timezoneId: TIME_ZONE, viewport: { width: 1600, height: 900 } })

const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })
/** The seed post the scheduled one is made from (its cover picture, excerpt and body). */
const SEED_POST = 'news-anniversary-tour'

type Doc = Record<string, unknown> & { _id: string }
type Seen = { at: number; status: number; title: 'before' | 'after' | 'neither' }

/**
 * A signed-out reader asking for the post's page until it shows the edited title (then once more), or `until`.
 * What each answer showed is kept, in order.
 */
async function pollAsAFan(
  fan: APIRequestContext,
  path: string,
  titles: { before: string; after: string },
  until: number,
): Promise<Seen[]> {
  const seen: Seen[] = []
  let answersAfter = 0
  while (Date.now() < until && answersAfter < 2) {
    const response = await fan.get(`${SITE}${path}`)
    const html = await response.text()
    const title = html.includes(titles.after) ? 'after' : html.includes(titles.before) ? 'before' : 'neither'
    seen.push({ at: Date.now(), status: response.status(), title })
    if (title === 'after') answersAfter++
    else await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return seen
}

test('a news post edited in the Studio and scheduled from its editor is published by the server at its time', async ({
  page,
  playwright,
  consoleErrors,
}) => {
  const tag = Date.now().toString(36)
  const postId = `news-${tag}-scheduled`
  const slug = `scheduled-${tag}`
  const before = `Before the schedule ${tag}`
  const after = `Scheduled from the editor ${tag}`
  const content = contentClient(SITE, await signInToContent(page.request, SITE))
  const {
    _rev: _,
    _createdAt: __,
    _updatedAt: ___,
    ...seedPost
  } = (await content.getDocument<Doc>(SEED_POST))!
  await content.create({
    ...seedPost,
    _id: postId,
    title: before,
    slug: { _type: 'slug', current: slug },
  })
  // A reader with no session of any kind: its own cookie jar, not the page's.
  const fan = await playwright.request.newContext()
  const firstRead = await fan.get(`${SITE}/news/${slug}`)
  expect(firstRead.status()).toBe(200)
  expect(await firstRead.text()).toContain(before)

  // The post's editor, opened at its address; the edit makes a draft.
  const studioErrors = await openStudio(page, `/admin/structure/newsPost;${postId}`)
  const titleBox = page.getByRole('textbox', { name: 'Title' })
  await expect(titleBox).toHaveValue(before)
  await titleBox.fill(after)
  await expect
    .poll(async () => (await content.getDocument<Doc>(`drafts.${postId}`))?.title, { timeout: 30_000 })
    .toBe(after)

  // The editor's own action, next to Publish in the footer's menu: a time about a minute ahead, in the band's zone.
  await page.getByTestId('pane-footer').getByRole('button', { name: 'Open document actions' }).click()
  await page.getByRole('menuitem', { name: 'Schedule publish' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Schedule draft for publishing')).toBeVisible()
  const publishAt = nextMinute()
  const dateInput = dialog.getByTestId('date-input')
  await dateInput.fill(studioDateTime(publishAt))
  await dateInput.press('Enter')
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()

  // One release of one document, scheduled, holding the edited post.
  const scheduled = `*[_type == "system.release" && metadata.cardinality == "one" && state == "scheduled"
    && count(*[sanity::partOfRelease(^.name) && sanity::versionOf($postId)]) > 0]{name, publishAt,
    "titles": *[sanity::partOfRelease(^.name)].title}`
  await expect
    .poll(async () => content.fetch(scheduled, { postId }, { perspective: 'raw' }), { timeout: 30_000 })
    .toEqual([{ name: expect.any(String), publishAt: publishAt.toISOString(), titles: [after] }])
  const [release] = await content.fetch<{ name: string }[]>(scheduled, { postId }, { perspective: 'raw' })
  const releaseId = release!.name
  expect(Date.now(), 'scheduled before its time').toBeLessThan(publishAt.getTime())
  // The editor now shows the scheduled draft, with its time.
  await expect(page.getByText('Scheduled to be published on').first()).toBeVisible()

  const seen = await pollAsAFan(fan, `/news/${slug}`, { before, after }, publishAt.getTime() + 60_000)
  await fan.dispose()
  const beforeTime = seen.filter((entry) => entry.at < publishAt.getTime())
  expect(beforeTime.length, 'pages read before the time').toBeGreaterThan(0)
  expect(
    beforeTime.filter((entry) => entry.status !== 200 || entry.title !== 'before'),
    'the edit shown before the time',
  ).toEqual([])
  const firstAfter = seen.findIndex((entry) => entry.title === 'after')
  expect(firstAfter, 'the edit appeared').toBeGreaterThan(-1)
  expect(
    seen.slice(firstAfter).filter((entry) => entry.status !== 200 || entry.title !== 'after'),
    'once shown, always shown',
  ).toEqual([])
  test.info().annotations.push({
    type: 'publishAt to page',
    description: `${seen[firstAfter]!.at - publishAt.getTime()} ms after publishAt`,
  })

  expect(await content.releases.get({ releaseId })).toMatchObject({
    state: 'published',
    publishedAt: expect.any(String),
    metadata: { cardinality: 'one' },
  })
  expect(await content.getDocument<Doc>(postId)).toMatchObject({ title: after })
  expect(studioErrors).toEqual([])
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})
