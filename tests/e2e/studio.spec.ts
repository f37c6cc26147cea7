import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect as baseExpect, test } from './support/test'
import {
  createDocument,
  HTTPS_ORIGIN,
  localeInputs,
  openStudio,
  publishedQuery,
  publishUntil,
  setStudioDateTime,
  signIn,
  unexpectedStudioErrors,
} from './support/studio'

// The real Studio in real Chromium against the embedded content API, over HTTPS + HTTP/2. Each test
// signs in on its own; they share one server and dataset, so each works on its own documents, and they run in
// parallel but for the two that share the gallery.

// The Studio is a large app on a shared 2-core machine: give its screens time. Each test signs in and publishes
// two or three times, and the event's life cycle takes minutes beside the other e2e worker on a loaded CI
// machine (docs/logs/test-suite-times.md).
const expect = baseExpect.configure({ timeout: 30_000 })
test.setTimeout(300_000)

test('plain /admin redirects to HTTPS, and the Studio signs in and out with a local account', async ({
  page,
  consoleErrors,
  externalRequests,
}) => {
  // The Studio's presence socket is answered in the page (ADR 103): no WebSocket leaves the browser.
  const webSockets: string[] = []
  page.on('websocket', (socket) => webSockets.push(socket.url()))
  await page.goto('/admin')
  await expect(page).toHaveURL(`${HTTPS_ORIGIN}/admin`)
  const studioErrors = await signIn(page)
  // The public site's header is not part of the admin panel.
  await expect(page.locator('.site-header')).toHaveCount(0)
  // HTTP/2 is what keeps the Studio's many listeners from stalling (docs/architecture.md §2).
  const protocol = await page.evaluate(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).nextHopProtocol,
  )
  expect(protocol).toBe('h2')
  // Signed in, the Studio logs nothing: no refused update check, no 404s, no socket retries (ADR 102).
  await page.waitForTimeout(5_000)
  expect(studioErrors).toEqual([])
  expect(webSockets).toEqual([])
  // Nor does the Studio reach a third party: no update check, no font from Sanity's CDN (ADR 102), and no Google
  // tag, configured on this server for the site's pages only (issue 36).
  expect(externalRequests).toEqual([])

  await page.getByRole('button', { name: 'Administrator' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('Choose login provider')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('__studio_auth_token_local'))).toBeNull()
  // Signed out, the Studio's user check gets its 401 again: expected, as before sign-in.
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})

test('an event created and published in the Studio, its area taken from the one its city suggests, is on the site; Sold Out too; unpublish and delete', async ({
  page,
  consoleErrors,
}) => {
  const studioErrors = await openStudio(page)
  await createDocument(page, 'Events', 'Event')
  const venue = `Teatro Forastero ${Date.now()}`
  await setStudioDateTime(page, '2027-06-12 20:00')
  await page.getByRole('textbox', { name: 'Venue' }).fill(venue)
  await page.getByRole('textbox', { name: 'City' }).fill('Ventura')
  // The area its city suggests, taken in one click (the seed's Central Coast lists Ventura).
  await page.getByRole('button', { name: 'Use Central Coast' }).click()
  await expect(page.getByRole('button', { name: 'Use Central Coast' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Generate' }).click()
  await page.getByRole('textbox', { name: 'Ticket URL' }).fill('https://tickets.example.com/forastero')
  // The Studio shows "Published" as soon as it sent the action; wait until the API serves it.
  await publishUntil(page, '*[venue == $venue][0].status', { venue }, 'onSale')
  expect(await publishedQuery(page, '*[venue == $venue][0].area._ref', { venue })).toBe('area-central-coast')
  const site = await page.context().newPage()
  await site.goto(`http://localhost:${process.env.E2E_PORT ?? 3199}/`)
  const row = site.locator('.event-list__item', { hasText: venue })
  await expect(row).toBeVisible()
  await expect(row.getByRole('link', { name: /Tickets/ })).toHaveAttribute(
    'href',
    'https://tickets.example.com/forastero',
  )

  await page.getByRole('radio', { name: 'Sold out' }).check()
  await publishUntil(page, '*[venue == $venue][0].status', { venue }, 'soldOut')
  await site.reload()
  await expect(row).toContainText('Sold Out')
  await expect(row.getByRole('link')).toHaveCount(0)

  // Studio 5 offers Unpublish on the published version of the document.
  await page.getByRole('button', { name: 'Published', exact: true }).click()
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click()
  await page
    .getByRole('dialog', { name: 'Unpublish document?' })
    .getByRole('button', { name: /Unpublish/ })
    .click()
  await expect
    .poll(async () => (await publishedQuery<unknown[]>(page, '*[venue == $venue]', { venue })).length)
    .toBe(0)
  await site.reload()
  await expect(site.locator('.event-list__item', { hasText: venue })).toHaveCount(0)

  // What is left is the draft (unpublishing keeps the content as a draft); delete that too.
  await page.getByRole('button', { name: 'Draft', exact: true }).click()
  await page.getByRole('button', { name: 'Open document actions' }).click()
  await page.getByRole('menuitem', { name: /^Delete/ }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Delete/ })
    .click()
  await expect(page.getByRole('link', { name: new RegExp(venue) })).toHaveCount(0)
  expect(studioErrors).toEqual([])
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})

/** A seed photo with a few extra bytes after the JPEG end marker: a new file (new sha1) that still decodes. */
function uniquePhoto() {
  const jpeg = readFileSync('content/seed/images/band-rehearsal.jpg')
  return {
    name: `rehearsal-${Date.now()}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.concat([jpeg, Buffer.from(String(Date.now()))]),
  }
}

async function newEvent(page: Page, venue: string, city: string) {
  await createDocument(page, 'Events', 'Event')
  await setStudioDateTime(page, '2027-07-03 21:00')
  await page.getByRole('textbox', { name: 'Venue' }).fill(venue)
  await page.getByRole('textbox', { name: 'City' }).fill(city)
  await page.getByRole('button', { name: 'Generate' }).click()
  await page.getByRole('textbox', { name: 'Ticket URL' }).fill('https://tickets.example.com/x')
  await publishUntil(page, '*[venue == $venue][0].city', { venue }, city)
}

test('two editors in two browsers edit the same document: both edits survive', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const studioErrors = await openStudio(page)
  const venue = `Salón Dos Editores ${Date.now()}`
  await newEvent(page, venue, 'Ojai')
  const documentUrl = page.url()

  // The browser blocks outside requests for this second context too (support/chromium.ts).
  const other = await browser.newContext({ ignoreHTTPSErrors: true })
  const second = await other.newPage()
  const secondErrors: string[] = []
  second.on('pageerror', (error) => secondErrors.push(`pageerror: ${error.message}`))
  const secondStudioErrors = await openStudio(second, documentUrl.replace(HTTPS_ORIGIN, ''))
  // The second browser compiles the Studio again before its form shows.
  await expect(second.getByRole('textbox', { name: 'Venue' })).toHaveValue(venue, { timeout: 60_000 })

  await page.getByRole('textbox', { name: 'Address' }).fill('1 Forastero Way')
  await second.getByRole('textbox', { name: 'Region' }).fill('Baja California')
  // Each sees the other's edit arrive through the listener.
  await expect(second.getByRole('textbox', { name: 'Address' })).toHaveValue('1 Forastero Way')
  await expect(page.getByRole('textbox', { name: 'Region' })).toHaveValue('Baja California')
  await publishUntil(
    page,
    '*[venue == $venue][0]{address, region}',
    { venue },
    {
      address: '1 Forastero Way',
      region: 'Baja California',
    },
  )
  await other.close()
  expect([...studioErrors, ...secondStudioErrors]).toEqual([])
  expect(unexpectedStudioErrors([...consoleErrors, ...secondErrors])).toEqual([])
})

test('history: an earlier revision is restored and published', async ({ page, consoleErrors }) => {
  const studioErrors = await openStudio(page)
  const venue = `Foro Historia ${Date.now()}`
  await newEvent(page, venue, 'Ventura')
  await page.getByRole('textbox', { name: 'City' }).fill('Oxnard')
  await publishUntil(page, '*[venue == $venue][0].city', { venue }, 'Oxnard')

  // The document's status in the footer opens the history; the first revision still says Ventura.
  await page.getByRole('button', { name: /^Administrator (Last published|Published|Edited|Created)/ }).click()
  await page.getByRole('tab', { name: 'History' }).click()
  // Newest first: the second "Published" entry is the first publish, when the city was Ventura.
  const revisions = page.getByRole('listbox', { name: 'Document revisions' })
  await expect(revisions.getByRole('button', { name: /Published/ })).toHaveCount(2)
  await revisions
    .getByRole('button', { name: /Published/ })
    .nth(1)
    .click()
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Ventura')
  await page.getByRole('button', { name: 'Revert to revision' }).click()
  await page.getByRole('button', { name: 'Confirm', exact: true }).click()
  // The revision comes back as a draft (a replaceDraft action) to review and publish.
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Ventura')
  await publishUntil(page, '*[venue == $venue][0].city', { venue }, 'Ventura')
  expect(studioErrors).toEqual([])
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})

// Both change the gallery's item list, each expecting the rest of it as it found it: one after the other.
test.describe('the gallery', () => {
  test.describe.configure({ mode: 'serial' })

  test('a photo uploaded into a new media item and added to the gallery shows on the site with its caption', async ({
    page,
    consoleErrors,
  }) => {
    const studioErrors = await openStudio(page)
    await createDocument(page, 'Media items', 'Media item')
    const caption = `Soundcheck at dusk ${Date.now()}`
    // Caption and alt text are written in English and Spanish side by side (ADR 193); English alone may be published.
    await localeInputs(page, 'Caption').en.fill(caption)
    await page.getByRole('button', { name: 'Generate' }).click()
    await page.locator('input[type="file"]').first().setInputFiles(uniquePhoto())
    // The uploaded image's preview is served by the content API's image endpoint.
    await expect(page.locator('img[src*="/content/images/local/production/"]').first()).toBeVisible()
    await page.getByRole('textbox', { name: 'Credit' }).fill('Photo: Ana Ruiz')
    await localeInputs(page, 'Alternative text').en.fill('The band tuning up at dusk')
    await publishUntil(
      page,
      '*[_type == "mediaItem" && caption.en == $caption][0].caption.en',
      { caption },
      caption,
    )

    await page.getByRole('link', { name: 'Gallery', exact: true }).click()
    await page.getByRole('button', { name: 'Add item' }).click()
    await page.getByRole('combobox', { name: 'Type to search' }).fill(caption.slice(0, 24))
    await page.getByRole('option', { name: new RegExp(caption) }).click()
    // The reference is set once the new item shows as a preview in the list.
    await expect(page.getByRole('link', { name: new RegExp(caption) })).toBeVisible()
    await publishUntil(page, '*[_id == "gallery"][0].items[-1]->caption.en', {}, caption)

    const site = await page.context().newPage()
    await site.goto(`http://localhost:${process.env.E2E_PORT ?? 3199}/`)
    // The new item is the last tile, labelled with its alt text.
    await expect(site.locator('#media .media-tile').last()).toHaveAttribute(
      'aria-label',
      'View photo: The band tuning up at dusk',
    )
    expect(studioErrors).toEqual([])
    expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
  })

  test('reordering the gallery by drag and drop reorders the site', async ({ page, consoleErrors }) => {
    const slugsQuery = '*[_id == "gallery"][0].items[]->slug.current'
    const before = await publishedQuery<string[]>(page, slugsQuery)
    const studioErrors = await openStudio(page)
    await page.getByRole('link', { name: 'Gallery', exact: true }).click()
    const handles = page.locator('[data-ui="DragHandleButton"]:visible')
    await expect(handles.nth(1)).toBeVisible()
    await expect(handles.nth(1)).toBeEnabled()
    // The drag handles are dnd-kit sortables; their keyboard drag (Space, arrow, Space) is the same
    // reorder as a mouse drag and is deterministic in a headless browser.
    // On a loaded machine the first keyboard drag can land before the sortable listens; the Publish button
    // turns enabled once the reorder made a draft, so drag again only when it did not.
    const publish = page.getByRole('button', { name: 'Publish', exact: true })
    await expect(async () => {
      await handles.nth(1).focus()
      await page.keyboard.press('Space')
      // dnd-kit announces where the item is over; the first arrow can leave it over itself (the pane's layout
      // settling), so press until it is over the first item, then drop.
      const announcement = page.getByRole('status').filter({ hasText: 'Draggable item' })
      for (let press = 0; press < 3; press++) {
        await page.keyboard.press('ArrowUp')
        if (await announcement.filter({ hasText: 'droppable area item1' }).isVisible()) break
        await page.waitForTimeout(300)
        if (await announcement.filter({ hasText: 'droppable area item1' }).isVisible()) break
      }
      await page.keyboard.press('Space')
      await expect(publish).toBeEnabled({ timeout: 8_000 })
    }).toPass({ timeout: 40_000 })
    await publishUntil(page, slugsQuery, {}, [before[1], before[0], ...before.slice(2)])
    const site = await page.context().newPage()
    await site.goto(`http://localhost:${process.env.E2E_PORT ?? 3199}/`)
    await expect(site.locator('#media .media-tile').first()).toHaveAttribute('data-slug', before[1]!)
    await expect(site.locator('#media .media-tile').nth(1)).toHaveAttribute('data-slug', before[0]!)
    expect(studioErrors).toEqual([])
    expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
  })
})
