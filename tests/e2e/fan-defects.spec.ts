import type { Page } from '@playwright/test'
import { SPEC_MEDIA_SLUGS } from './support/spec-content'
import { TEST_NOW } from './support/servers'
import { expect, test, waitForHydration } from './support/test'

// Defects found by using the site as a fan (issue 15): each test here failed before its fix.

const overlay = (page: Page) => page.locator('.gallery-overlay')
/** Every open modal, including one another modal hides from assistive technology. */
const modals = (page: Page) => page.locator('[role="dialog"]')
const mediaParam = (page: Page) => new URL(page.url()).searchParams.get('media')
const hero = (page: Page) => page.locator('video.hero__video')
const heroPaused = (page: Page) => hero(page).evaluate((video: HTMLVideoElement) => video.paused)

/** Watches the hero for a while: true when it was paused at every sample. */
async function heroStaysPaused(page: Page, ms: number) {
  return hero(page).evaluate(async (video: HTMLVideoElement, ms) => {
    let paused = video.paused
    video.addEventListener('playing', () => (paused = false))
    await new Promise((resolve) => setTimeout(resolve, ms))
    return paused && video.paused
  }, ms)
}

test.describe('the hero stays paused while a video or YouTube item is open', () => {
  test('a deep link to a YouTube item, however late the hero video loads', async ({ page }) => {
    await page.goto('/?media=cascabel')
    await expect(overlay(page)).toHaveAttribute('data-slug', 'cascabel')
    // The hero's lazy chunk and its visibility observer may both run after the overlay opened.
    await expect(hero(page)).toHaveAttribute('src', /.+/)
    expect(await heroStaysPaused(page, 2_000)).toBe(true)
    expect(await hero(page).evaluate((video: HTMLVideoElement) => video.muted)).toBe(true)
  })

  test('Back and Forward, arrow keys: paused while the item is open, playing again once closed', async ({
    page,
  }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expect.poll(() => heroPaused(page)).toBe(false)
    // An image item opened at the top of the page: the hero keeps playing behind it.
    await page.locator('#media .media-tile[data-slug="band-performance-1"]').click()
    await expect(overlay(page)).toHaveAttribute('data-slug', 'band-performance-1')
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.keyboard.press('ArrowLeft')
    await expect(overlay(page)).toHaveAttribute('data-slug', 'colas-breakdown')
    await expect.poll(() => heroPaused(page)).toBe(true)
    await page.goBack()
    await expect(overlay(page)).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => heroPaused(page)).toBe(false)
    await page.goForward()
    await expect(overlay(page)).toHaveAttribute('data-slug', 'colas-breakdown')
    await expect.poll(() => heroPaused(page)).toBe(true)
    // A resize makes the visibility observer report again; the open item still holds the sound.
    await page.setViewportSize({ width: 1000, height: 700 })
    expect(await heroStaysPaused(page, 1_000)).toBe(true)
  })
})

test('the newsletter popup has room around its content', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/news?newsletter=true')
    const popup = page.getByRole('dialog', { name: 'Stay in the Loop' })
    await expect(popup).toBeVisible()
    const padding = await popup.evaluate((node) => {
      const style = getComputedStyle(node)
      return [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft].map(parseFloat)
    })
    for (const side of padding) expect(side).toBeGreaterThanOrEqual(16)
    const panel = (await popup.boundingBox())!
    const title = (await popup.getByRole('heading').boundingBox())!
    expect(title.x - panel.x).toBeGreaterThanOrEqual(16)
  }
})

test.describe('popups never stack, also when history opens them (ADR 072)', () => {
  test.use({ newsletterAutoPopup: 'on' })

  test('Back lets the waiting newsletter popup open; Forward to the item closes it and shows only the overlay', async ({
    page,
    consoleErrors,
  }) => {
    await page.clock.install({ time: new Date(TEST_NOW) })
    await page.goto('/')
    await waitForHydration(page)
    // A new history entry for the item, without scrolling (a click would scroll past the popup's threshold).
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/?media=band-rehearsal')
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
    })
    await expect(overlay(page)).toHaveAttribute('data-slug', 'band-rehearsal')
    // The newsletter's delay passes while the overlay is open: its automatic open waits.
    await page.clock.fastForward(13_000)
    await expect(modals(page)).toHaveCount(1)
    await page.goBack()
    const newsletter = page.getByRole('dialog', { name: 'Stay in the Loop' })
    await expect(newsletter).toBeVisible()
    await page.goForward()
    await expect(overlay(page)).toHaveAttribute('data-slug', 'band-rehearsal')
    await expect(modals(page)).toHaveCount(1)
    await expect(page.locator('.newsletter-popup')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(modals(page)).toHaveCount(0)
    await expect.poll(() => mediaParam(page)).toBeNull()
    expect(consoleErrors).toEqual([])
  })
})

test('every ArrowRight moves exactly one item, also on a slow CPU', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(`/?media=${SPEC_MEDIA_SLUGS[0]}`)
  await expect(overlay(page)).toHaveAttribute('data-slug', SPEC_MEDIA_SLUGS[0]!)
  await expect(overlay(page)).toHaveClass(/is-visible/)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  try {
    for (let step = 1; step <= SPEC_MEDIA_SLUGS.length; step++) {
      const expected = SPEC_MEDIA_SLUGS[step % SPEC_MEDIA_SLUGS.length]!
      // Right after the URL changed, as a fan holding the key would.
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => mediaParam(page), { timeout: 10_000 }).toBe(expected)
    }
    await expect(overlay(page)).toHaveAttribute('data-slug', SPEC_MEDIA_SLUGS[0]!)
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  }
})

test.describe('the footer ends the page', () => {
  for (const [path, height] of [
    ['/news', 1800],
    ['/no-such-page', 1400],
    ['/newsletter/confirmed', 1400],
  ] as const) {
    test(`on a short page (${path}, 1280x${height}) it reaches the bottom of the window`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1280, height })
      await page.goto(path)
      const footer = page.getByRole('contentinfo')
      await expect(footer).toBeVisible()
      const { bottom, window } = await footer.evaluate((node) => ({
        bottom: node.getBoundingClientRect().bottom + globalThis.scrollY,
        window: globalThis.innerHeight,
      }))
      expect(Math.round(bottom)).toBeGreaterThanOrEqual(window)
    })
  }
})
