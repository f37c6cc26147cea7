import type { Page } from '@playwright/test'
import { E2E_VIEWER } from './support/accounts'
import { contentClient, signInToContent } from './support/content-session'
import { E2E_PORT } from './support/servers'
import { openStudio } from './support/studio'
import { expect as baseExpect, test } from './support/test'

// Issue 38: a viewer reads the releases but cannot create, schedule or publish one. The Studio asks the content API
// with dry runs (data/actions with `dryRun`) and, answered Sanity's insufficientPermissionsError, offers none of
// those buttons; nobody signed out sees a release's versions under any perspective.
// Generous: the Studio on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 60_000 })
test.setTimeout(300_000)

const SITE = `http://localhost:${E2E_PORT}`
const SEED_SHOW = 'event-2025-10-25-land-sky'

/** Resolves when the content API has refused one of the Studio's dry runs of `actionType` as not permitted. */
function refusedProbe(page: Page, actionType: string) {
  return page.waitForResponse(
    (response) =>
      response.url().includes('/data/actions/') &&
      response.status() === 403 &&
      (response.request().postData() ?? '').includes(actionType) &&
      (response.request().postData() ?? '').includes('"dryRun":true'),
    // Bounded by the test's own timeout: the Studio asks when it gets to it.
    { timeout: 0 },
  )
}

test('a viewer sees a release and its documents without the actions that create, schedule or publish', async ({
  page,
  request,
  consoleErrors,
}) => {
  const tag = Date.now().toString(36)
  const title = `Looked at ${tag}`
  const releaseId = `rviewer${tag}`
  const admin = contentClient(SITE, await signInToContent(page.request, SITE))
  await admin.releases.create({
    releaseId,
    metadata: { title, releaseType: 'scheduled', intendedPublishAt: '2027-01-01T18:00:00.000Z' },
  })
  await admin.createVersion({ releaseId, publishedId: SEED_SHOW, baseId: SEED_SHOW })

  // Signed out: neither the version nor the release document, whatever the perspective names.
  for (const perspective of [releaseId, `${releaseId},drafts`, 'raw']) {
    const search = new URLSearchParams({
      query: '*[sanity::partOfRelease($releaseId) || _id == $releaseDoc]{_id}',
      $releaseId: JSON.stringify(releaseId),
      $releaseDoc: JSON.stringify(`_.releases.${releaseId}`),
      perspective,
    })
    const answer = await request.get(`${SITE}/content/v2025-02-19/data/query/production?${search}`)
    expect(answer.status(), perspective).toBeLessThan(500)
    expect(JSON.stringify(await answer.json()), perspective).not.toContain(releaseId)
  }

  const creating = refusedProbe(page, 'sanity.action.release.create')
  const studioErrors = await openStudio(page, '/admin', E2E_VIEWER)
  await page.getByRole('link', { name: 'Releases' }).first().click()
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible({ timeout: 120_000 })
  await creating
  /** None of these is there to press: absent, or shown disabled. */
  const notOffered = (locator: ReturnType<Page['getByRole']>) =>
    expect(locator.and(page.locator(':enabled'))).toHaveCount(0)
  await notOffered(page.getByRole('button', { name: 'New release' }))

  const publishing = refusedProbe(page, 'sanity.action.release.publish')
  const scheduling = refusedProbe(page, 'sanity.action.release.schedule')
  await page.getByText(title, { exact: true }).first().click()
  await expect(page).toHaveURL(new RegExp(`/admin/releases/${releaseId}`))
  // Its document is listed; what would change it is not offered.
  await expect(page.getByText('Land+Sky').first()).toBeVisible()
  await Promise.all([publishing, scheduling])
  await notOffered(page.getByTestId('schedule-button'))
  await notOffered(page.getByRole('button', { name: 'Run release' }))
  // And the Studio says why, from the refused dry runs.
  await expect(page.getByText('You may not publish nor schedule this release.')).toBeVisible()

  // The browser logs each refused dry run as a failed request (as with Sanity's API); nothing else. The Studio's
  // errors name the address of each (the fixture's do not).
  const refusedDryRun = (error: string) => /status of 403/.test(error) && error.includes('/data/actions/')
  expect(studioErrors.filter((error) => !refusedDryRun(error))).toEqual([])
  expect(consoleErrors.filter((error) => !/status of 403/.test(error))).toEqual([])
})
