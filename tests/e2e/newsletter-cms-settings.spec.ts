import type { Page } from '@playwright/test'
import { contentClient, signInToContent } from './support/content-session'
import { todayServerUrl } from './support/servers'
import { expect, test } from './support/test'

test.use({ newsletterAutoPopup: 'on' })

type ArmedTimer = { delay: number; at: number }

/**
 * Every setTimeout the page arms, with its delay and the (fake) time it was armed, so the test can see which
 * delay the popup uses and stop the clock just before that timer is due.
 */
async function recordTimers(page: Page) {
  await page.addInitScript(() => {
    const original = window.setTimeout
    const timers: ArmedTimer[] = ((window as unknown as { armedTimers: ArmedTimer[] }).armedTimers = [])
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      timers.push({ delay: Number(timeout), at: Date.now() })
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
        // Texts in both languages (ADR 193); the English page reads the English ones.
        title: { _type: 'localeString', en: 'Join the Posse', es: 'Únete a la banda' },
        text: { _type: 'localeText', en: 'Word from the trail, first.', es: 'Noticias del camino, primero.' },
        delayMs: 4321,
        scrollThresholdPx: 5000,
      })
      .commit()

    await page.clock.install()
    await recordTimers(page)
    await page.goto(`${todayServerUrl}/news`)
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()
    const timers = await page.evaluate(() => (window as unknown as { armedTimers: ArmedTimer[] }).armedTimers)
    const delays = timers.map((timer) => timer.delay)
    expect(delays).toContain(4321)
    expect(delays).not.toContain(12_000)
    // The last one armed is the one that counts (a re-render clears and re-arms it).
    const armedAt = timers.filter((timer) => timer.delay === 4321).at(-1)!.at

    // 300 px of scrolling is below the CMS's 5000 px threshold (the default of 100, docs/fan-site-rules.md §9, would open it).
    await page.mouse.wheel(0, 300)
    // The installed clock also runs in real time; stop it just before the popup's timer is due, so a slow
    // machine cannot let the real seconds run past it.
    await page.clock.pauseAt(new Date(armedAt + 4_300))
    const popup = page.getByRole('dialog', { name: 'Join the Posse' })
    await expect(popup).toBeHidden()
    await page.clock.runFor(100)
    await page.clock.resume()
    await expect(popup).toBeVisible()
    await expect(popup.getByText('Word from the trail, first.')).toBeVisible()
  } finally {
    await client.createOrReplace(original!)
  }
})
