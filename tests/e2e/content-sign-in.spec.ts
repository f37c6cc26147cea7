import { E2E_ADMIN } from './support/accounts'
import { HTTPS_ORIGIN } from './support/studio'
import { expect, test } from './support/test'

// The Studio's provider login (ADR 020) in a real browser, under the production CSP.
test('the content sign-in page signs in and hands the Studio a one-time sid', async ({ page }) => {
  // Stand in for the Studio at /admin: only the URL it lands on matters here (its hash carries the sid).
  await page.route('**/admin/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>studio</p>' }),
  )
  // Routes do not see the hop after the form's 303, so the real /admin (plain -> HTTPS redirect) loads; keep
  // its scripts out so the Studio does not swap the one-time sid before this test reads it.
  await page.route('**/assets/*.js', (route) => route.abort())
  // The Studio runs on the HTTPS port (plain /admin redirects there), and the form's redirect back must stay
  // on one origin for the CSP's form-action 'self'.
  const origin = `${HTTPS_ORIGIN}/admin/structure`
  const providers = await (
    await page.request.get(`${HTTPS_ORIGIN}/content/v2026-05-04/auth/providers`)
  ).json()
  const login = `${providers.providers[0].url}?origin=${encodeURIComponent(origin)}&projectId=local&withSid=true`

  await page.goto(login)
  await page.getByLabel('E-mail').fill(E2E_ADMIN.email)
  await page.getByLabel('Password').fill('wrong password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password.')

  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/admin\/structure#sid=/, { waitUntil: 'commit' })
  const sid = new URL(page.url()).hash.replace('#sid=', '')

  const fetched = await page.request.get(`/content/v2026-05-04/auth/fetch?sid=${sid}`)
  expect(fetched.status()).toBe(200)
  const { token } = await fetched.json()
  const me = await page.request.get('/content/v2026-05-04/users/me', {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(await me.json()).toMatchObject({ email: E2E_ADMIN.email, role: 'administrator' })
})
