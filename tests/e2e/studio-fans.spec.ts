import AxeBuilder from '@axe-core/playwright'
import { contentClient, signInToContent } from './support/content-session'
import { openStudio } from './support/studio'
import { expect, test } from './support/test'

const ADMIN_TOKEN = 'e2e-newsletter-admin-token-0123456789'

type Overview = {
  outbox: Record<'queued' | 'sent' | 'failed' | 'skipped', number>
  subscribersPerArea: { area: string | null; name: string; subscribers: number }[]
}

test("the Studio's Fans tool shows subscribers per area, the alert mails and a show's mail before it goes", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now().toString(36)
  const signUp = await page.request.post('/api/newsletter/subscribe', {
    data: {
      firstName: 'Fan',
      lastName: 'Near',
      email: `fans-tool-${stamp}@example.com`,
      areas: ['southern-california'],
    },
  })
  expect(signUp.status()).toBe(201)
  const api = await page.request.get('/api/newsletter/admin/alerts', {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  const overview = (await api.json()) as Overview
  const southern = overview.subscribersPerArea.find((row) => row.area === 'southern-california')!
  expect(southern.subscribers).toBeGreaterThanOrEqual(1)

  // A draft show of the area, never published: the preview reads it; the end of the test deletes it.
  const client = contentClient(baseURL!, await signInToContent(page.request, baseURL!))
  const showId = `e2e-fans-${stamp}`
  await client.createOrReplace({
    _id: `drafts.${showId}`,
    _type: 'event',
    startsAt: '2025-12-12T04:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    venue: `Fans Tool Hall ${stamp}`,
    city: 'Pomona',
    country: 'US',
    status: 'onSale',
    area: { _type: 'reference', _ref: 'area-southern-california' },
  })

  try {
    const studioErrors = await openStudio(page)
    await page
      .getByRole('link', { name: 'Fans' })
      .or(page.getByRole('button', { name: 'Fans' }))
      .first()
      .click()
    await expect(page.getByRole('heading', { name: 'Fans', level: 1 })).toBeVisible({ timeout: 30_000 })

    const table = page.getByRole('table', { name: /Subscribers per area/ })
    await expect(table.getByRole('row', { name: /Southern California/ })).toContainText(
      southern.subscribers.toLocaleString('en-US'),
    )
    await expect(table.getByRole('rowheader', { name: 'Everywhere' })).toBeVisible()
    for (const key of ['queued', 'sent', 'failed', 'skipped'] as const)
      await expect(page.getByTestId(`alerts-${key}`)).toHaveText(overview.outbox[key].toLocaleString('en-US'))

    const choose = page.getByRole('combobox', { name: 'Show to preview' })
    await choose.selectOption(showId)
    await page.getByRole('button', { name: 'Preview mail' }).click()
    await expect(page.getByText(/^Subject: /)).toContainText('Los Forasteros')
    await expect(page.getByText(/Would go to [\d,]+ confirmed fans now/)).toBeVisible()
    const mail = page.frameLocator('iframe[title="Mail preview"]')
    await expect(mail.getByText(`Fans Tool Hall ${stamp}`)).toBeVisible()

    // A show of the seed was there before the alerts: publishing an edit of it sends nothing, and the tool says so.
    await choose.selectOption('event-2025-11-08-irvine-bowl')
    await page.getByRole('button', { name: 'Preview mail' }).click()
    await expect(page.getByText(/Publishing it sends no mail: it was published before/)).toBeVisible()

    // The mail itself is the mail template's; axe cannot enter a sandboxed frame (no scripts) and waits on it.
    const axe = await new AxeBuilder({ page })
      .include('[data-ui="Container"]')
      .exclude('iframe[title="Mail preview"]')
      .analyze()
    expect(axe.violations.map((violation) => violation.id)).toEqual([])
    expect(studioErrors).toEqual([])
  } finally {
    await client.delete(`drafts.${showId}`)
  }
})
