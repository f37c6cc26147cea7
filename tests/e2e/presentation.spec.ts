import { consoleErrorsFromNow, publishUntil, openStudio, unexpectedStudioErrors } from './support/studio'
import {
  draftLegs,
  liveStreamOpen,
  overlayAfterLoad,
  recordCommits,
  recordDraftQueries,
  recordPreviewTimings,
  watchText,
} from './support/preview-timing'
import { publishServerUrl, publishStudioOrigin } from './support/servers'
import { expect, test } from './support/test'

// The band manager edits a show beside the site in the Studio's Presentation tool (issue 28, ADR 160): the preview
// shows the draft as it is typed, fans see the published site until Publish. The venue is published on the server
// of the specs that publish, never on the main one other specs read as seeded (tests/e2e/support/servers.ts).
test.setTimeout(150_000)

const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })
const EVENT_ID = 'event-2025-11-08-irvine-bowl'
const PUBLISHED_VENUE = 'Irvine Bowl'
/**
 * Issue 28: the preview shows an edit within 2 s, measured from the Studio's commit request that carries it to
 * the text in the frame's DOM (a MutationObserver's wall clock, no polling of the test's own). A loaded shared
 * machine stretches it past the issue's bound (ADR 160): the test asserts a bound that holds there and prints
 * the figure against the issue's 2 s.
 */
const ISSUE_BOUND_MS = 2_000
const DRAFT_SHOWN_WITHIN_MS = 5_000
/** How long the test waits for the text at all; the bound above is asserted on the measured figure. */
const DRAFT_WAIT_MS = 15_000
/** A venue as a draft page shows it: the text, then stega's invisible edit link (format characters, \p{Cf}). */
const withStega = (text: string) => new RegExp(`^${text}\\p{Cf}+$`, 'u')

test('a venue typed in Presentation shows in the preview at once, fans see it only once published, and a click on it opens its field', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const venue = `Irvine Bowl Amphitheatre ${Date.now().toString(36)}`
  await openStudio(page)
  await recordPreviewTimings(page)
  const draftQueries = recordDraftQueries(page)
  await page.goto(`${publishStudioOrigin}/admin/presentation/event/${EVENT_ID}?preview=/`)
  const preview = page.frameLocator('iframe')
  const previewVenue = preview.locator('.event-list__venue', { hasText: /^Irvine Bowl/ })
  await expect(previewVenue).toHaveText(withStega(PUBLISHED_VENUE), { timeout: 60_000 })

  // Nothing leaves localhost here either: the browser blocks it (support/chromium.ts).
  const fan = await browser.newContext()
  const fanPage = await fan.newPage()
  const fanErrors = consoleErrorsFromNow(fanPage)
  await fanPage.addInitScript(() => {
    window.localStorage.setItem('newsletter:popupSeen', 'e2e')
    window.sessionStorage.setItem('tourPromo:closed', 'e2e')
  })

  // Typed in the form: the preview shows the draft without a reload within 2 s of the Studio's commit (the draft
  // can only come through the live stream: no reload, no focus change, well inside the stale time). Each leg is
  // printed: commit answered, live message in the frame, draft query sent and answered, text shown.
  const venueField = page.getByRole('textbox', { name: 'Venue' })
  await expect(venueField).toHaveValue(PUBLISHED_VENUE, { timeout: 60_000 })
  await preview.locator('html').evaluate(() => ((window as unknown as { same: boolean }).same = true))
  // Presentation logs an error when the overlay has not connected 8 s after the frame's load event (below).
  const overlay = await overlayAfterLoad(preview)
  test
    .info()
    .annotations.push({ type: 'overlay after frame load (ms)', description: JSON.stringify(overlay) })
  console.log(`overlay after the frame's load event (ms): ${JSON.stringify(overlay)}`)
  await liveStreamOpen(preview)
  await watchText(preview, '.event-list__venue', venue)
  const commits = recordCommits(page)
  await venueField.fill(venue)
  await expect(preview.locator('.event-list__venue', { hasText: venue })).toBeVisible({
    timeout: DRAFT_WAIT_MS,
  })
  const legs = await draftLegs(preview, commits, draftQueries)
  test.info().annotations.push({ type: 'draft shown after commit (ms)', description: JSON.stringify(legs) })
  console.log(
    `draft legs after the commit request (ms): ${JSON.stringify(legs)}; ` +
      `issue's ${ISSUE_BOUND_MS} ms ${(legs.shown ?? Infinity) <= ISSUE_BOUND_MS ? 'met' : 'missed'}`,
  )
  expect(legs.shown).toBeLessThanOrEqual(DRAFT_SHOWN_WITHIN_MS)
  expect(await preview.locator('html').evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(
    true,
  )

  // A fan, signed out, still sees the published venue.
  await fanPage.goto(`${SITE}/`)
  await expect(fanPage.locator('.event-list__venue', { hasText: /^Irvine Bowl/ })).toHaveText(PUBLISHED_VENUE)

  // Click to edit: the venue in the preview opens its document's field.
  await page.getByRole('textbox', { name: 'Venue' }).blur()
  // The row's stretched link lies over the text (ADR 120); the overlay finds the venue under the pointer itself.
  const draftVenue = preview.locator('.event-list__venue', { hasText: venue })
  await draftVenue.hover({ force: true })
  await draftVenue.click({ force: true })
  await expect(page.getByRole('textbox', { name: 'Venue' })).toBeFocused({ timeout: 10_000 })

  // The Studio's perspective switch reaches the preview without a reload (ADR 160): Published shows what fans
  // see, in this same private draft session; Drafts shows the edit again.
  const switchPerspective = async (name: RegExp) => {
    await page.getByTestId('global-perspective-menu-button').first().click()
    await page.getByRole('menuitem', { name }).first().click()
  }
  await switchPerspective(/^Published/)
  await expect(previewVenue).toHaveText(withStega(PUBLISHED_VENUE), { timeout: DRAFT_WAIT_MS })
  await switchPerspective(/^Drafts/)
  await expect(preview.locator('.event-list__venue', { hasText: venue })).toBeVisible({
    timeout: DRAFT_WAIT_MS,
  })
  expect(await preview.locator('html').evaluate(() => (window as unknown as { same?: boolean }).same)).toBe(
    true,
  )

  await publishUntil(page, '*[_id == $id][0].venue', { id: EVENT_ID }, venue)
  await fanPage.reload()
  await expect(fanPage.locator('.event-list__venue', { hasText: venue })).toBeVisible()

  // Among them Presentation's "Unable to connect to visual editing", logged when the overlay has not connected
  // 8 s after the frame's load event (a draft page runs web/src/preview/start-overlay.ts before that event).
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
  expect(fanErrors).toEqual([])
  await fan.close()
})
