import type { Page } from '@playwright/test'
import { contentClient, signInToContent } from './support/content-session'
import { todayServerUrl } from './support/servers'
import { expect, test } from './support/test'

test.use({ newsletterAutoPopup: 'on' })

/** Every setTimeout delay the page arms, so the test can see which delay the popup uses. */
async function recordTimerDelays(page: Page) {
  await page.addInitScript(() => {
    const original = window.setTimeout
    const delays: number[] = ((window as unknown as { timerDelays: number[] }).timerDelays = [])
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      delays.push(Number(timeout))
      return original(handler, timeout, ...args)
    }) as typeof window.setTimeout
  })
}

// Runs on the real-clock server: the other newsletter tests on the main server keep the seed's popup copy.
test('the popup takes its title, text, delay and scroll threshold from the CMS', async ({
  page,
  request,
}) => {
  const client = contentClient(todayServerUrl, await signInToContent(request, todayServerUrl))
  const original = await client.getDocument('newsletterPopup')
  expect(original).toBeTruthy()
  try {
    await client
      .patch('newsletterPopup')
      .set({
        title: 'Join the Posse',
        text: 'Word from the trail, first.',
        delayMs: 4321,
        scrollThresholdPx: 5000,
      })
      .commit()

    await page.clock.install()
    await recordTimerDelays(page)
    await page.goto(`${todayServerUrl}/news`)
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()
    const delays = await page.evaluate(() => (window as unknown as { timerDelays: number[] }).timerDelays)
    expect(delays).toContain(4321)
    expect(delays).not.toContain(12_000)

    // 300 px of scrolling is below the CMS's 5000 px threshold (the spec's default of 100 would open it).
    await page.mouse.wheel(0, 300)
    await page.clock.runFor(4000)
    const popup = page.getByRole('dialog', { name: 'Join the Posse' })
    await expect(popup).toBeHidden()
    await page.clock.runFor(400)
    await expect(popup).toBeVisible()
    await expect(popup.getByText('Word from the trail, first.')).toBeVisible()
  } finally {
    await client.createOrReplace(original!)
  }
})
