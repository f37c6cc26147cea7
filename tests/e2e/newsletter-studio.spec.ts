import { readFileSync } from 'node:fs'
import { openStudio } from './support/studio'
import { expect, test } from './support/test'

const ADMIN_TOKEN = 'e2e-newsletter-admin-token-0123456789'

test("the Studio's Subscribers tool lists, filters, exports and erases subscribers", async ({ page }) => {
  test.setTimeout(90_000)
  const stamp = Date.now().toString(36)
  const emails = [`studio-ana-${stamp}@example.com`, `studio-beto-${stamp}@example.com`]
  for (const [i, email] of emails.entries()) {
    const res = await page.request.post('/api/newsletter/subscribe', {
      data: { firstName: i === 0 ? 'Ana' : 'Beto', lastName: 'Studio', email },
    })
    expect(res.status()).toBe(201)
  }

  const studioErrors = await openStudio(page)

  await page
    .getByRole('link', { name: 'Subscribers' })
    .or(page.getByRole('button', { name: 'Subscribers' }))
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'Subscribers' })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('textbox', { name: 'Search subscribers' }).fill(stamp)
  await expect(page.getByText(emails[0]!)).toBeVisible()
  await expect(page.getByText(emails[1]!)).toBeVisible()
  await page.getByRole('tab', { name: /^Unsubscribed \(/ }).click()
  await expect(page.getByText('No subscribers match.')).toBeVisible()
  await page.getByRole('tab', { name: /^All \(\d+\)/ }).click()
  await expect(page.getByText(emails[0]!)).toBeVisible()

  const download = page.waitForEvent('download')
  const exported = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/subscribers.csv'))
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d\d-\d\d\.csv$/)
  // The browser took the file gzipped (the export's thread compresses it) and saved it decoded.
  expect((await exported).headers()['content-encoding']).toBe('gzip')
  const csv = readFileSync((await file.path())!, 'utf8')
  for (const email of emails) expect(csv).toContain(email)

  page.once('dialog', (dialog) => void dialog.accept())
  const anaRow = page
    .getByText(emails[0]!)
    .locator('xpath=ancestor::*[.//button[normalize-space()="Delete"]][1]')
  await anaRow.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText(emails[0]!)).toBeHidden()

  const left = await page.request.get(`/api/newsletter/admin/subscribers?q=${stamp}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(((await left.json()) as { items: { email: string }[] }).items.map((s) => s.email)).toEqual([
    emails[1],
  ])
  expect(studioErrors).toEqual([])
})
