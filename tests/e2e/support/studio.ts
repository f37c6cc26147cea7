import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN as ADMIN } from './accounts'

export const HTTPS_ORIGIN = `https://localhost:${Number(process.env.E2E_PORT ?? 3199) + 1}`

/**
 * Console errors the real Studio logs that are not failures of ours, each with the reason:
 * - a 401 from /users/me is how the Studio learns it is signed out;
 * - the Studio's version check (sanity-cdn.com) is refused by the CSP and logs its failure;
 * - requests leaving localhost are blocked by the test harness (api.sanity.io feedback probe);
 * - optional Sanity endpoints the embedded API answers with 404 (journey upsells, help, schema
 *   descriptors) and the presence socket, which reconnects with back-off; the Studio treats all of
 *   them as "not available".
 * Uncaught exceptions (pageerror) are never filtered.
 */
const EXPECTED_STUDIO_CONSOLE_ERRORS = [
  /status of 401/,
  /status of 404/,
  /sanity-cdn\.com/,
  /Failed to fetch version for package/,
  /ERR_BLOCKED_BY_CLIENT/,
  /WebSocket connection to '.*\/socket\//,
]

export function unexpectedStudioErrors(errors: string[]): string[] {
  return errors.filter(
    (error) =>
      error.startsWith('pageerror:') ||
      !EXPECTED_STUDIO_CONSOLE_ERRORS.some((pattern) => pattern.test(error)),
  )
}

/** Signs in through the Studio's own login screen and our login page; ends on the desk. */
export async function signIn(page: Page, path = '/admin') {
  await page.goto(path)
  await page.getByText('E-mail and password').click()
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('link', { name: 'Events' })).toBeVisible({ timeout: 30_000 })
}

/** Runs a GROQ query against the public content API the site uses (published perspective). */
export async function publishedQuery<T>(page: Page, query: string, params: Record<string, unknown> = {}) {
  const search = new URLSearchParams({ query, perspective: 'published' })
  for (const [key, value] of Object.entries(params)) search.set(`$${key}`, JSON.stringify(value))
  const response = await page.request.get(`/content/v2025-02-19/data/query/production?${search}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { result: T }).result
}

/** Opens a new document of `type` from its list in the desk. */
export async function createDocument(page: Page, listTitle: string, typeTitle: string) {
  await page.getByRole('link', { name: listTitle, exact: true }).click()
  await page.getByRole('link', { name: typeTitle, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Untitled', level: 2 })).toBeVisible({ timeout: 30_000 })
}

/**
 * Publishes until the content API serves the expected published value. The Studio can accept a click on Publish
 * and still send no publish action (right after an upload, or while the last keystrokes are still syncing: the
 * button goes disabled for a moment, then enabled again), so check the API and click again when it was dropped.
 */
export async function publishUntil(
  page: Page,
  query: string,
  params: Record<string, unknown>,
  expected: unknown,
) {
  const button = page.getByRole('button', { name: 'Publish', exact: true })
  await expect(async () => {
    if (await button.isEnabled()) await button.click()
    await expect.poll(() => publishedQuery(page, query, params), { timeout: 10_000 }).toEqual(expected)
  }).toPass({ timeout: 60_000 })
  // The Studio learns of the publish through the listener: then nothing is left to publish.
  await expect(button).toBeDisabled({ timeout: 20_000 })
}
