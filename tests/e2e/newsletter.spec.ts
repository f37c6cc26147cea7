import type { Page, Request } from '@playwright/test'
import { expect, test, waitForHydration } from './support/test'

const ADMIN_TOKEN = 'e2e-newsletter-admin-token-0123456789'
const NEWSLETTER_EVENTS = ['newsletter_popup', 'newsletter_signup']
const T0 = new Date('2025-10-01T12:00:00-07:00')
/**
 * The popup lives in the site layout, so any public page will do; /news keeps these tests clear of the home
 * page's own modal (the tour promo). The home page's newsletter links are client-side `?newsletter=true`
 * navigations, which followNewsletterLink reproduces.
 */
const PAGE = '/news'

/** The newsletter events gtag queued in window.dataLayer, as [name, label]. */
async function newsletterEvents(page: Page): Promise<[string, string][]> {
  return page.evaluate((names) => {
    return (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && names.includes(String(args[1])))
      .map((args) => [String(args[1]), String((args[2] as { event_label?: string }).event_label)])
  }, NEWSLETTER_EVENTS) as Promise<[string, string][]>
}

/** A client-side navigation to `?newsletter=true`, as the events and contact sections' links do. */
async function followNewsletterLink(page: Page) {
  await page.evaluate(() => {
    window.history.pushState(window.history.state, '', `${window.location.pathname}?newsletter=true`)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  })
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Stay in the Loop' })

async function fillForm(page: Page, values: { firstName: string; lastName: string; email: string }) {
  await page.getByLabel('First Name').fill(values.firstName)
  await page.getByLabel('Last Name').fill(values.lastName)
  await page.getByLabel('Email Address').fill(values.email)
}

async function storedSubscribers(page: Page, q: string) {
  const res = await page.request.get(`/api/newsletter/admin/subscribers?q=${encodeURIComponent(q)}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { items: { email: string; firstName: string; status: string }[] }).items
}

function recordSignUps(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/newsletter/subscribe')) requests.push(request)
  })
  return requests
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`

// These tests are about the popup's automatic open too (tests/e2e/support/test.ts turns it off by default).
test.use({ newsletterAutoPopup: 'on' })

test.describe('newsletter popup', () => {
  test('?newsletter=true opens it as a manual open, with its labels, and removes the parameter', async ({
    page,
    consoleErrors,
  }) => {
    await page.clock.install({ time: T0 })
    await page.goto(`${PAGE}?newsletter=true#top`)
    const popup = dialog(page)
    await expect(popup).toBeVisible()
    await expect(popup).toHaveAccessibleDescription(
      'Get updates on upcoming performances, new releases and exclusive content from Los Forasteros.',
    )
    // The parameter is consumed (history entry replaced), the rest of the URL kept.
    await expect(page).toHaveURL(new RegExp(`${PAGE}#top$`))

    const first = page.getByLabel('First Name')
    await expect(first).toBeFocused()
    await expect(first).toHaveAttribute('autocomplete', 'given-name')
    await expect(first).toHaveAttribute('required', '')
    await expect(page.getByLabel('Last Name')).toHaveAttribute('autocomplete', 'family-name')
    await expect(page.getByLabel('Last Name')).toHaveAttribute('required', '')
    const email = page.getByLabel('Email Address')
    await expect(email).toHaveAttribute('type', 'email')
    await expect(email).toHaveAttribute('autocomplete', 'email')
    await expect(email).toHaveAttribute('required', '')
    await expect(popup.getByRole('button', { name: 'Sign Up' })).toBeEnabled()
    // The honeypot is not reachable for people or assistive technology.
    await expect(page.getByRole('textbox', { name: 'Website' })).toHaveCount(0)
    await expect(page.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1')
    await expect(page.locator('input[name="website"]')).toHaveAttribute('autocomplete', 'off')

    expect(await newsletterEvents(page)).toEqual([['newsletter_popup', 'manual_open']])

    // Focus stays inside while open.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab')
    expect(await popup.evaluate((node) => node.contains(document.activeElement))).toBe(true)

    await popup.getByRole('button', { name: 'Close' }).click()
    await expect(popup).toBeHidden()
    // Never auto-opens on a visit that started with newsletter=true.
    await page.clock.fastForward(15_000)
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(300)
    await expect(popup).toBeHidden()
    expect(await newsletterEvents(page)).toEqual([['newsletter_popup', 'manual_open']])
    expect(consoleErrors).toEqual([])
  })

  test('opens by itself after 12000 ms, once per browser, and Escape closes it and restores focus', async ({
    page,
  }) => {
    await page.clock.install({ time: T0 })
    // Notes (fake) time when a 12000 ms timer is set, so the test can stop the clock just before it is due.
    await page.addInitScript(() => {
      const original = window.setTimeout
      const spy = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
        if (timeout === 12_000) (window as unknown as { armedAt: number }).armedAt = Date.now()
        return original(handler, timeout, ...args)
      }) as typeof window.setTimeout
      window.setTimeout = spy
    })
    await page.goto(PAGE)
    await waitForHydration(page)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }).focus()
    const armedAt = await page.evaluate(() => (window as unknown as { armedAt?: number }).armedAt)
    expect(armedAt).toBeDefined()

    await page.clock.pauseAt(new Date(armedAt! + 11_900))
    await expect(dialog(page)).toBeHidden()
    await page.clock.runFor(200)
    await page.clock.resume()
    await expect(dialog(page)).toBeVisible()
    expect(await newsletterEvents(page)).toEqual([['newsletter_popup', 'auto_trigger']])

    await page.keyboard.press('Escape')
    await expect(dialog(page)).toBeHidden()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' }),
    ).toBeFocused()

    // A new visit in the same browser: it does not open by itself again.
    await page.reload()
    await waitForHydration(page)
    await page.clock.fastForward(20_000)
    await page.waitForTimeout(300)
    await expect(dialog(page)).toBeHidden()
    expect(await newsletterEvents(page)).toEqual([])
  })

  test('opens by itself after 100 px of scrolling, before the delay', async ({ page }) => {
    await page.clock.install({ time: T0 })
    await page.goto(PAGE)
    await page.addStyleTag({ content: 'body { min-height: 4000px }' })
    await waitForHydration(page)
    await page.evaluate(() => window.scrollTo(0, 60))
    await page.waitForTimeout(200)
    await expect(dialog(page)).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 120))
    await expect(dialog(page)).toBeVisible()
    expect(await newsletterEvents(page)).toEqual([['newsletter_popup', 'auto_trigger']])
  })

  test('signs up against the real endpoint with exactly the spec payload and credentials', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'probe', value: 'yes', url: baseURL! }])
    const requests = recordSignUps(page)
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    const email = unique('ana')

    // Hold the response so the pending state can be seen.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/newsletter/subscribe', async (route) => {
      await held
      await route.continue()
    })

    await fillForm(page, { firstName: 'Ana', lastName: 'López', email })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    const pending = dialog(page).getByRole('button', { name: 'Signing Up...' })
    await expect(pending).toBeVisible()
    await expect(pending).toBeDisabled()
    release()

    await expect(dialog(page)).toBeHidden()
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Thanks for signing up!')
    expect(requests).toHaveLength(1)
    const request = requests[0]!
    expect(request.method()).toBe('POST')
    expect(request.postDataJSON()).toEqual({ firstName: 'Ana', lastName: 'López', email })
    expect(Object.keys(request.postDataJSON() as object)).toEqual(['firstName', 'lastName', 'email'])
    const headers = await request.allHeaders()
    expect(headers['content-type']).toBe('application/json')
    expect(headers['accept']).toBe('application/json')
    // credentials: 'include' -> the browser sent the site's cookie along.
    expect(headers['cookie']).toContain('probe=yes')
    expect((await request.response())?.status()).toBe(201)

    expect(await newsletterEvents(page)).toEqual([
      ['newsletter_popup', 'manual_open'],
      ['newsletter_signup', 'form_submit'],
    ])
    expect(await storedSubscribers(page, email)).toMatchObject([
      { email, firstName: 'Ana', status: 'subscribed' },
    ])

    // The form was cleared.
    await followNewsletterLink(page)
    await expect(dialog(page)).toBeVisible()
    await expect(page.getByLabel('First Name')).toHaveValue('')
    await expect(page.getByLabel('Email Address')).toHaveValue('')
  })

  test('ignores a submission with an empty field: no request', async ({ page }) => {
    const requests = recordSignUps(page)
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await fillForm(page, { firstName: 'Ana', lastName: '   ', email: unique('blank') })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await page.waitForTimeout(300)
    expect(requests).toHaveLength(0)
    await expect(dialog(page)).toBeVisible()
  })

  test('a failed sign-up is logged and shown, and not retried', async ({ page, consoleErrors }) => {
    const requests = recordSignUps(page)
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    // Valid for the browser's type=email, refused by the server's schema (no domain dot).
    await fillForm(page, { firstName: 'Ana', lastName: 'López', email: 'ana@localhost' })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    // The toast shows on screen; the open modal hides it from assistive technology, so the dialog says it too.
    const toasts = page.getByRole('region', { name: /Notifications/, includeHidden: true })
    await expect(toasts).toContainText('Sign-up failed')
    await expect(toasts).toContainText('Please check the sign-up form')
    await expect(dialog(page).getByRole('alert')).toContainText('Please check the sign-up form')
    await expect(dialog(page)).toBeVisible()
    await expect(dialog(page).getByRole('button', { name: 'Sign Up' })).toBeEnabled()
    await page.waitForTimeout(1500)
    expect(requests).toHaveLength(1)
    expect((await requests[0]!.response())?.status()).toBe(400)
    expect(consoleErrors.some((message) => message.includes('Newsletter signup failed'))).toBe(true)
    expect(await newsletterEvents(page)).toEqual([['newsletter_popup', 'manual_open']])
    await expect(page.getByLabel('Email Address')).toHaveValue('ana@localhost')
  })

  test('a name with a web address is refused, and the form says why', async ({ page }) => {
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    const email = unique('spam-name')
    await fillForm(page, { firstName: 'Win at https://spam.example', lastName: 'López', email })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'Sign-up failed: Please check the sign-up form. Names cannot contain line breaks or web addresses.',
    )
    await expect(dialog(page)).toBeVisible()
    expect(await storedSubscribers(page, email)).toHaveLength(0)
  })

  test('a bot filling the honeypot gets a success and is not stored', async ({ page }) => {
    const requests = recordSignUps(page)
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    const email = unique('bot')
    await fillForm(page, { firstName: 'Bot', lastName: 'Bot', email })
    await page.locator('input[name="website"]').fill('https://spam.example.com', { force: true })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(dialog(page)).toBeHidden()
    expect(requests[0]!.postDataJSON()).toEqual({
      firstName: 'Bot',
      lastName: 'Bot',
      email,
      website: 'https://spam.example.com',
    })
    expect((await requests[0]!.response())?.status()).toBe(201)
    expect(await storedSubscribers(page, email)).toEqual([])
  })

  test('never opens by itself after a sign-up', async ({ page }) => {
    await page.clock.install({ time: T0 })
    await page.goto(`${PAGE}?newsletter=true`)
    await waitForHydration(page)
    await fillForm(page, { firstName: 'Ana', lastName: 'López', email: unique('after') })
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(dialog(page)).toBeHidden()
    // Even with "seen" forgotten, the sign-up alone keeps it closed.
    await page.evaluate(() => window.localStorage.removeItem('newsletter:popupSeen'))
    await page.goto(PAGE)
    await waitForHydration(page)
    await page.clock.fastForward(20_000)
    await page.waitForTimeout(300)
    await expect(dialog(page)).toBeHidden()
  })
})

test.describe('newsletter pages', () => {
  test('the confirmation page is rendered on the server, with an invalid-link state', async ({ request }) => {
    const ok = await (await request.get('/newsletter/confirmed')).text()
    expect(ok).toContain('<title>Subscription confirmed · Los Forasteros</title>')
    expect(ok).toContain('<meta name="robots" content="noindex"/>')
    expect(ok).toContain('You&#x27;re on the list!')
    const expired = await (await request.get('/newsletter/confirmed?status=expired')).text()
    expect(expired).toContain('<title>Link invalid or expired · Los Forasteros</title>')
    expect(expired).toContain('This link is invalid or has expired')
  })

  test('a bad confirm link ends on the invalid-link page', async ({ page }) => {
    await page.goto('/api/newsletter/confirm?token=forged')
    await expect(page).toHaveURL(/\/newsletter\/confirmed\?status=invalid$/)
    await expect(page.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeVisible()
    await expect(dialog(page)).toBeHidden()
  })

  test('the unsubscribe page asks first, and its button posts the form', async ({ page }) => {
    await page.goto('/api/newsletter/unsubscribe?token=forged')
    await expect(page).toHaveURL(/\/newsletter\/unsubscribe\?token=forged$/)
    await expect(page).toHaveTitle('Unsubscribe · Los Forasteros')
    await page.getByRole('button', { name: 'Unsubscribe' }).click()
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed\?status=invalid$/)
    await expect(page.getByRole('heading', { name: 'This unsubscribe link is not valid' })).toBeVisible()
  })
})

test.describe('newsletter on a Spanish page', () => {
  // Selectors by field name and role: the form's labels are in the page's language.
  test('signs up with the Spanish consent text and language, stored as shown', async ({ page }) => {
    const requests = recordSignUps(page)
    await page.goto('/es/news?newsletter=true')
    await waitForHydration(page)
    const form = page.locator('dialog form')
    await expect(form).toBeVisible()
    await expect(form).toContainText('Al suscribirte aceptas recibir correos de Los Forasteros')
    const email = unique('lucia')
    await form.locator('input[name="firstName"]').fill('Lucía')
    await form.locator('input[name="lastName"]').fill('Hernández')
    await form.locator('input[name="email"]').fill(email)
    await form.locator('button[type="submit"]').click()
    await expect(page.locator('dialog')).toBeHidden()

    expect(requests).toHaveLength(1)
    expect(requests[0]!.postDataJSON()).toEqual({
      firstName: 'Lucía',
      lastName: 'Hernández',
      email,
      language: 'es',
    })
    const [stored] = (await storedSubscribers(page, email)) as unknown as {
      language: string
      consentText: string
    }[]
    expect(stored?.language).toBe('es')
    expect(stored?.consentText).toMatch(/^Al suscribirte aceptas recibir correos de Los Forasteros/)
  })

  test('the Spanish newsletter pages are at their Spanish addresses', async ({ page }) => {
    for (const path of ['/es/newsletter/confirmed', '/es/newsletter/unsubscribed?status=invalid']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    }
    await page.goto('/es/newsletter/unsubscribe?token=forged')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.locator('main form')).toHaveAttribute(
      'action',
      '/api/newsletter/unsubscribe?token=forged&from=page',
    )
  })
})
