import AxeBuilder from '@axe-core/playwright'
import type { Page, Request } from '@playwright/test'
import { expect, test, waitForHydration } from './support/test'

/**
 * The sign-up form's optional area (docs/fan-site-rules.md §10) against the seed's areas: "Everywhere" keeps the
 * payload of docs/fan-site-rules.md §7 (tests/e2e/newsletter.spec.ts checks it exactly), a chosen area adds
 * `areas`, and "Find my nearest area" is computed in the page from the browser's position, which no request carries.
 */
const PAGE = '/news?newsletter=true'
// Berkeley: inside the seed's Bay Area circle and no other.
const BERKELEY = { latitude: 37.8716, longitude: -122.2727 }

const unique = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Stay in the Loop' })

function recordRequests(page: Page): Request[] {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  return requests
}

async function fill(page: Page, email: string) {
  await dialog(page).getByLabel('First Name').fill('Rosa')
  await dialog(page).getByLabel('Last Name').fill('Área')
  await dialog(page).getByLabel('Email Address').fill(email)
}

const signUps = (requests: Request[]) =>
  requests.filter((request) => request.url().endsWith('/api/newsletter/subscribe'))

test.describe('area on the sign-up form', () => {
  test('offers Everywhere first and the areas by name, reachable by keyboard; a chosen area is sent', async ({
    page,
  }) => {
    const requests = recordRequests(page)
    await page.goto(PAGE)
    await waitForHydration(page)
    const choice = dialog(page).getByRole('combobox', { name: 'Shows near (optional)' })
    await expect(choice).toHaveValue('')
    await expect(choice.getByRole('option')).toHaveText([
      'Everywhere',
      'Arizona',
      'Bay Area',
      'Central Coast',
      'Mexico City',
      'Southern California',
    ])
    await fill(page, unique('rosa'))
    // Tab from the address field reaches the choice; arrow keys pick an area.
    await dialog(page).getByLabel('Email Address').press('Tab')
    await expect(choice).toBeFocused()
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
    expect(axe.violations.map((violation) => violation.id)).toEqual([])
    await choice.selectOption('mexico-city')
    await dialog(page).getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Thanks for signing up!')
    const [request] = signUps(requests)
    expect(Object.keys(request!.postDataJSON() as object)).toEqual([
      'firstName',
      'lastName',
      'email',
      'areas',
    ])
    expect((request!.postDataJSON() as { areas: string[] }).areas).toEqual(['mexico-city'])
    expect((await request!.response())?.status()).toBe(201)
  })

  test.describe('with the browser sharing its position', () => {
    test.use({ geolocation: BERKELEY, permissions: ['geolocation'] })

    test('Find my nearest area picks the area around the fan, and only the area leaves the page', async ({
      page,
    }) => {
      const requests = recordRequests(page)
      await page.goto(PAGE)
      await waitForHydration(page)
      await dialog(page).getByRole('button', { name: 'Find my nearest area' }).click()
      await expect(dialog(page).getByRole('status')).toHaveText('Chosen: your nearest area.')
      await expect(dialog(page).getByLabel('Shows near (optional)')).toHaveValue('bay-area')
      await fill(page, unique('rosa-geo'))
      await dialog(page).getByRole('button', { name: 'Sign Up' }).click()
      await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
        'Thanks for signing up!',
      )
      expect(signUps(requests).map((request) => request.postDataJSON())).toEqual([
        expect.objectContaining({ areas: ['bay-area'] }),
      ])
      // No request, to any host, carried the position.
      const carried = requests.filter((request) =>
        [request.url(), request.postData() ?? ''].some((text) => /37\.87|122\.27/.test(text)),
      )
      expect(carried.map((request) => request.url())).toEqual([])
    })
  })

  test.describe('far from every area', () => {
    test.use({ geolocation: { latitude: 40.71, longitude: -74.0 }, permissions: ['geolocation'] })

    test('keeps Everywhere and says so', async ({ page }) => {
      await page.goto(PAGE)
      await waitForHydration(page)
      await dialog(page).getByRole('button', { name: 'Find my nearest area' }).click()
      await expect(dialog(page).getByRole('status')).toHaveText('No area is near you yet: Everywhere it is.')
      await expect(dialog(page).getByLabel('Shows near (optional)')).toHaveValue('')
    })
  })

  test.describe('when the browser refuses', () => {
    test.use({ permissions: [] })

    test('keeps Everywhere and says the browser did not share', async ({ page }) => {
      await page.goto(PAGE)
      await waitForHydration(page)
      await dialog(page).getByRole('button', { name: 'Find my nearest area' }).click()
      await expect(dialog(page).getByRole('status')).toHaveText('Your browser did not share where you are.')
      await expect(dialog(page).getByLabel('Shows near (optional)')).toHaveValue('')
    })
  })
})
