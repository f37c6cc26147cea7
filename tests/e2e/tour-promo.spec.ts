import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { TEST_NOW, todayServerUrl } from './support/servers'
import { expect, test, waitForHydration } from './support/test'

test.use({ tourPromo: 'shown' })

const promo = (page: Page) => page.getByRole('dialog', { name: 'Los Forasteros live at Land+Sky' })

async function analyticsNames(page: Page): Promise<string[]> {
  const queue = await page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  )
  return queue.filter((e) => e[0] === 'event').map((e) => String(e[1]))
}

async function noNewsletterAutoOpen(page: Page) {
  await page.addInitScript(() => {
    // Also runs in blocked (opaque-origin) frames, which have no storage.
    try {
      window.localStorage.setItem('newsletter:popupSeen', 'e2e')
    } catch {
      /* nothing to remember there */
    }
  })
}

test.describe('tour promo popup', () => {
  test('shows on wide screens before the show: video, copy, date/venue/tickets, analytics', async ({
    page,
    context,
    externalRequests,
    consoleErrors,
  }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    const dialog = promo(page)
    await expect(dialog).toBeVisible()
    for (const text of [
      'Doors open at 3pm',
      'concert starts at 4pm',
      'Art installations are open from 3-4pm',
      '$5 beer and wine',
      'Wood-fired pizza: $12',
    ]) {
      await expect(dialog).toContainText(text)
    }
    await expect(dialog.locator('.tour-promo__details time')).toHaveText('Oct 25 2025')
    await expect(dialog.locator('.tour-promo__details')).toContainText('Land+Sky, Somis, CA')
    const tickets = dialog.getByRole('link', { name: /Tickets/ })
    await expect(tickets).toHaveAttribute('target', '_blank')
    await expect(tickets).toHaveAttribute('rel', /\bnoopener\b/)
    await expect(tickets).toHaveAttribute(
      'href',
      'https://tickets.example.com/los-forasteros/land-and-sky-2025-10-25',
    )

    // Click to play: the thumbnail becomes an autoplaying privacy-enhanced embed.
    await expect(dialog.locator('iframe')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Play video: Los Forasteros live at Land+Sky' }).click()
    await expect(dialog.locator('iframe')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/Qx7LmR2vK9d\?.*autoplay=1/,
    )
    await expect
      .poll(() => externalRequests.some((u) => u.includes('youtube-nocookie.com/embed/Qx7LmR2vK9d')))
      .toBe(true)

    const popup = context.waitForEvent('page')
    await tickets.click()
    await (await popup).close()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect
      .poll(() => analyticsNames(page))
      .toEqual(
        expect.arrayContaining(['tour_promo_video_played', 'tour_promo_ticket_click', 'tour_promo_closed']),
      )

    // Closed once: not again in this session.
    await page.reload()
    await expect(page.locator('#media')).toBeVisible()
    await page.waitForTimeout(500)
    await expect(promo(page)).toHaveCount(0)
    expect(consoleErrors).toEqual([])
  })

  test('a click outside closes it', async ({ page }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    await expect(promo(page)).toBeVisible()
    await page.mouse.click(10, 790)
    await expect(promo(page)).toBeHidden()
    expect(await analyticsNames(page)).toContain('tour_promo_closed')
  })

  test('a click inside keeps it open, the page behind is locked, and Escape closes it as the button does', async ({
    page,
  }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    const dialog = promo(page)
    await expect(dialog).toBeVisible()
    const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow)
    await expect.poll(bodyOverflow).toBe('hidden')
    // Text is not a control: focus leaves the panel's controls, and Escape must still close it.
    await dialog.getByText('Doors open at 3pm').click()
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await analyticsNames(page)).toContain('tour_promo_closed')
    expect(await bodyOverflow()).not.toBe('hidden')
  })

  test('never below 768 px', async ({ page }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 767, height: 900 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    await expect(page.locator('#media')).toBeVisible()
    await page.waitForTimeout(1000)
    await expect(promo(page)).toHaveCount(0)
  })

  test('a phone never fetches its code; a window widened past 768 px gets the promo', async ({ page }) => {
    await noNewsletterAutoOpen(page)
    const promoChunks: string[] = []
    page.on('request', (request) => {
      // The promo's dialog, its one chunk of its own (tour-promo-dialog-<hash>.js); its rules ride in the home chunk.
      const promoChunk = /\/assets\/tour-promo-[\w-]+\.js$/
      if (promoChunk.test(new URL(request.url()).pathname)) promoChunks.push(request.url())
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    await waitForHydration(page)
    await page.waitForTimeout(1000)
    expect(promoChunks).toEqual([])
    await page.setViewportSize({ width: 1280, height: 900 })
    await expect(promo(page)).toBeVisible()
    expect(promoChunks.length).toBeGreaterThan(0)
  })

  test('not once the show has passed (real clock)', async ({ page }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.goto(todayServerUrl)
    await expect(page.locator('#media')).toBeVisible()
    await page.waitForTimeout(1000)
    await expect(promo(page)).toHaveCount(0)
  })

  test('axe finds no violations with the promo open', async ({ page }) => {
    await noNewsletterAutoOpen(page)
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/')
    await expect(promo(page)).toBeVisible()
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })

  test('axe finds no violations with the newsletter popup open (the promo stays away)', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.setFixedTime(new Date(TEST_NOW))
    await page.goto('/?newsletter=true')
    await expect(page.getByRole('dialog', { name: 'Stay in the Loop' })).toBeVisible()
    await page.waitForTimeout(500)
    await expect(page.getByRole('dialog')).toHaveCount(1)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([])
  })
})

test.describe('tour promo and newsletter popup', () => {
  test.use({ newsletterAutoPopup: 'on' })

  test('the newsletter popup waits until the promo is closed; they never stack', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 })
    await page.clock.install({ time: new Date(TEST_NOW) })
    await page.goto('/')
    await expect(promo(page)).toBeVisible()
    // The newsletter's 12 s timer fires while the promo is open.
    await page.clock.runFor(13_000)
    await expect(page.getByRole('dialog')).toHaveCount(1)
    await promo(page).getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('dialog', { name: 'Stay in the Loop' })).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(1)
  })
})
