import { contentClient, signInToContent } from './support/content-session'
import { publishServerUrl } from './support/servers'
import { expect, test, waitForHydration } from './support/test'

// An open tab follows a publish through the Live Content API (ADR 140), without a reload. The tagline lands on
// the server of the specs that publish, not the main one whose home page other specs read as seeded
// (tests/e2e/support/servers.ts); it is put back at the end.
const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })

test('an open tab of / shows an edit published through the content API without a reload', async ({
  page,
  request,
  consoleErrors,
}) => {
  const client = contentClient(SITE, await signInToContent(request, SITE))
  const before = await client.fetch<{ tagline: { en?: string; es?: string } }>(
    '*[_id == "siteSettings"][0]{tagline}',
  )
  const tagline = `Live from the content API ${Date.now().toString(36)}`

  const stream = page.waitForResponse((res) => res.url().includes('/data/live/events/production'))
  await page.goto(`${SITE}/`)
  await waitForHydration(page)
  // The live client is loaded at the visitor's first input (or 20 s after hydration); its stream is open once
  // answered.
  await page.mouse.wheel(0, 10)
  expect((await stream).status()).toBe(200)
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))

  try {
    await client.createOrReplace({
      ...(await client.getDocument('siteSettings'))!,
      _id: 'drafts.siteSettings',
      tagline: { ...before.tagline, en: tagline },
    })
    await client.action({
      actionType: 'sanity.action.document.publish',
      draftId: 'drafts.siteSettings',
      publishedId: 'siteSettings',
    })
    // Well inside the 5-minute stale time and with no focus change: only the live event can bring it.
    await expect(page.locator('.hero__tagline')).toHaveText(tagline, { timeout: 10_000 })
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    )
    expect(consoleErrors).toEqual([])
  } finally {
    await client.patch('siteSettings').set({ tagline: before.tagline }).commit()
  }
})
