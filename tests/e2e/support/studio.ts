import { expect, type Page } from '@playwright/test'
import { E2E_ADMIN as ADMIN } from './accounts'
import { BLOCKED_OUTSIDE_REQUEST } from './chromium'
import { passwordSessionId } from './content-session'

export const HTTPS_ORIGIN = `https://localhost:${Number(process.env.E2E_PORT ?? 3199) + 1}`

/**
 * Console errors the real Studio may log that are not failures of ours: before sign-in, a 401 from /users/me is
 * how the Studio learns it is signed out. Nothing else: the self-hosted mode answers Sanity's cloud-only
 * endpoints itself (ADR 102). The Presentation tool logs when its preview frame is still loading after its own
 * fixed wait: on a loaded machine it is, and the specs check what the preview shows. Requests leaving localhost
 * are blocked by the harness and asserted through `externalRequests`. Uncaught exceptions (pageerror) are never
 * filtered.
 */
/** The Presentation tool's own log line when its preview frame is still loading after its fixed wait. */
export const PREVIEW_FRAME_STILL_LOADING = /^The preview iframe hasn't finished loading after/
const EXPECTED_STUDIO_CONSOLE_ERRORS = [/status of 401/, PREVIEW_FRAME_STILL_LOADING]

export function unexpectedStudioErrors(errors: string[]): string[] {
  return errors.filter(
    (error) =>
      error.startsWith('pageerror:') ||
      !EXPECTED_STUDIO_CONSOLE_ERRORS.some((pattern) => pattern.test(error)),
  )
}

/**
 * Every console error and uncaught exception of `page` from now on, none excused (blocked outside requests
 * aside, as in the shared fixture).
 */
export function consoleErrorsFromNow(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes(BLOCKED_OUTSIDE_REQUEST)) {
      errors.push(`${message.text()} (${message.location().url})`)
    }
  })
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  return errors
}

/**
 * Signs in through the Studio's own login screen and our login page; ends on the desk. Returns the console
 * errors logged from the moment the credentials were sent: the Studio must log none while signed in.
 */
export async function signIn(page: Page, path = '/admin'): Promise<string[]> {
  await page.goto(path)
  await page.getByText('E-mail and password').click()
  await page.getByLabel('E-mail').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  const errors = consoleErrorsFromNow(page)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('link', { name: 'Events' })).toBeVisible({ timeout: 30_000 })
  return errors
}

/**
 * Opens the Studio at `path` already signed in, through the hand-over our login page ends with: the password
 * form is posted from the test (`passwordSessionId`), and the Studio takes the one-time `#sid` from its address
 * as it does after the login redirect. The Studio loads once instead of twice and the login screens are
 * skipped (studio.spec.ts and caddy-front.spec.ts sign in through them). Returns the console errors logged
 * from that load on: signed in, the Studio must log none.
 */
export async function openStudio(
  page: Page,
  path = '/admin',
  account: { email: string; password: string } = ADMIN,
): Promise<string[]> {
  // Plain HTTP answers /admin with a redirect to the Studio's HTTPS origin; that origin signs the session in.
  const first = await page.request.get(path, { maxRedirects: 0 })
  const studioUrl = new URL(first.headers()['location'] ?? first.url(), first.url())
  const sid = await passwordSessionId(page.request, studioUrl.origin, account)
  const errors = consoleErrorsFromNow(page)
  await page.goto(`${studioUrl.href.replace(/#.*$/, '')}#sid=${sid}`)
  // A cold Studio on a busy two-core machine is slow to show its desk.
  await expect(page.getByRole('link', { name: 'Events' })).toBeVisible({ timeout: 90_000 })
  return errors
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
  // Studio 6 titles a new document "New <type>" (Studio 5: "Untitled").
  await expect(page.getByRole('heading', { name: `New ${typeTitle}`, level: 2 })).toBeVisible({
    timeout: 60_000,
  })
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
    // The button is disabled while the Studio syncs the last keystrokes: retry soon rather than wait out a publish
    // that was never sent.
    if (await button.isEnabled()) await button.click()
    await expect.poll(() => publishedQuery(page, query, params), { timeout: 5_000 }).toEqual(expected)
  }).toPass({ timeout: 60_000 })
  // The Studio learns of the publish through the listener: then nothing is left to publish.
  await expect(button).toBeDisabled({ timeout: 20_000 })
}

/**
 * The English and Spanish inputs of a text written in both languages (ADR 193), side by side under the field's
 * title. The field's group has no accessible name of its own: it is the innermost group holding the title.
 */
export function localeInputs(page: Page, fieldTitle: string) {
  const group = page
    .getByRole('group')
    .filter({ has: page.getByText(fieldTitle, { exact: true }) })
    .last()
  return {
    en: group.getByRole('textbox', { name: 'English' }),
    es: group.getByRole('textbox', { name: 'Español' }),
  }
}

/** Types into the Studio's datetime input until it has taken the value (it parses on Enter). */
export async function setStudioDateTime(page: Page, value: string) {
  const input = page.getByRole('textbox', { name: 'Date and time' })
  await expect(async () => {
    await input.fill(value)
    await input.press('Enter')
    await expect(input).toHaveValue(value, { timeout: 2_000 })
  }).toPass()
}
