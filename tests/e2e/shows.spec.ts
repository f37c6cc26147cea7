import AxeBuilder from '@axe-core/playwright'
import ICAL from 'ical.js'
import type { Page } from '@playwright/test'
import { TEST_NOW } from './support/servers'
import { expect, test, waitForHydration } from './support/test'

const LAND_SKY = '/shows/2025-10-25-land-sky-somis'
const EL_ROBLAR = '/shows/2025-09-04-hotel-el-roblar-ojai'

async function atTestNow(page: Page) {
  await page.clock.setFixedTime(new Date(TEST_NOW))
}

/** Every link and button has a name, and headings never skip a level. */
async function expectAccessibleBasics(page: Page) {
  for (const control of [
    ...(await page.getByRole('link').all()),
    ...(await page.getByRole('button').all()),
  ]) {
    await expect(control).toHaveAccessibleName(/\S/)
  }
  const levels = await page
    .locator('main h1, main h2, main h3, main h4')
    .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))))
  expect(levels[0]).toBe(1)
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1))
}

test('each row of the tour list opens its show page; the ticket link stays on top', async ({
  page,
  consoleErrors,
}) => {
  await atTestNow(page)
  await page.goto('/')
  await waitForHydration(page)
  const row = page.locator('#events .event-list__row').first()
  const tickets = row.getByRole('link', { name: /Tickets/ })
  // What a click on the Tickets button hits is the ticket link itself, not the row's link under it.
  await tickets.scrollIntoViewIfNeeded()
  const hit = await tickets.evaluate((link) => {
    const box = link.getBoundingClientRect()
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('a') === link
  })
  expect(hit).toBe(true)
  await page.getByRole('link', { name: 'Land+Sky, Somis, CA, Oct 25 2025: show details' }).click()
  await expect(page).toHaveURL(LAND_SKY)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Los Forasteros at Land+Sky')
  await expect(page.locator('time[datetime="2025-10-25T19:00:00-07:00"]').first()).toHaveText(
    'Saturday, October 25, 2025',
  )
  await expect(page.getByRole('link', { name: 'Tickets for Land+Sky (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/tickets\.example\.com\//,
  )
  // The tour promo points at this show: its copy is on the page.
  await expect(page.getByRole('heading', { level: 2, name: 'Los Forasteros live at Land+Sky' })).toBeVisible()
  await expect(page.getByText('Doors open at 3pm and the concert starts at 4pm.')).toBeVisible()
  await expect(page.getByRole('link', { name: /^Add to calendar/ })).toHaveAttribute(
    'href',
    `${LAND_SKY}.ics`,
  )
  await expectAccessibleBasics(page)
  expect(consoleErrors).toEqual([])
})

test('the home list links to the upcoming shows, the past shows and the tour calendar', async ({ page }) => {
  await atTestNow(page)
  await page.goto('/')
  const events = page.locator('#events')
  await expect(events.getByRole('link', { name: 'All 3 upcoming shows' })).toHaveAttribute('href', '/shows')
  await expect(events.getByRole('link', { name: 'All past shows' })).toHaveAttribute('href', '/shows/past')
  await expect(events.getByRole('link', { name: 'Subscribe to the tour calendar' })).toHaveAttribute(
    'href',
    /^webcal:\/\/localhost:\d+\/shows\.ics$/,
  )
})

test('a show page is complete for crawlers: metadata and a MusicEvent', async ({ request }) => {
  const response = await request.get(LAND_SKY)
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toMatch(
    /<link rel="canonical" href="http:\/\/localhost:\d+\/shows\/2025-10-25-land-sky-somis"\/>/,
  )
  expect(html).toContain(
    '<meta property="og:title" content="Land+Sky, Somis, CA · Saturday, October 25, 2025 · Los Forasteros"/>',
  )
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!)
  expect(data).toMatchObject({
    '@type': 'MusicEvent',
    name: 'Los Forasteros at Land+Sky',
    startDate: '2025-10-25T19:00:00-07:00',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { name: 'Land+Sky', address: { streetAddress: '4250 Somis Rd', postalCode: '93066' } },
    offers: { availability: 'https://schema.org/InStock', price: 45, priceCurrency: 'USD' },
    performer: { name: 'Los Forasteros' },
  })
  expect(data.image).toHaveLength(3)
  for (const image of data.image as string[]) {
    expect((await request.get(image)).headers()['content-type']).toMatch(/^image\//)
  }
  expect((await request.get('/shows/no-such-show')).status()).toBe(404)
})

test('the tour calendar and a show’s entry parse as iCalendar with local times', async ({ request }) => {
  const feed = await request.get('/shows.ics')
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const calendar = new ICAL.Component(ICAL.parse(await feed.text()))
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent))
  const seeded = events.filter((event) => event.uid.startsWith('event-2025-'))
  expect(seeded.map((event) => event.startDate.toJSDate().toISOString())).toEqual([
    '2025-09-05T02:00:00.000Z',
    '2025-10-26T02:00:00.000Z',
    '2025-11-07T03:00:00.000Z',
    '2025-11-09T03:00:00.000Z',
  ])
  const one = await request.get(`${EL_ROBLAR}.ics`)
  expect(one.headers()['content-disposition']).toContain('attachment')
  const [entry] = new ICAL.Component(ICAL.parse(await one.text())).getAllSubcomponents('vevent')
  expect(new ICAL.Event(entry!).description).toContain('Doors 6:30 PM, show 7:00 PM (America/Los_Angeles).')
})

test('the past shows archive lists shows that are over, with setlists', async ({ page, consoleErrors }) => {
  await atTestNow(page)
  await page.goto('/shows/past')
  await waitForHydration(page)
  const shows = page.locator('.past-show')
  await expect(shows).toHaveCount(1)
  await expect(shows.getByRole('heading', { level: 2 })).toHaveText('Hotel El Roblar, Ojai, CA')
  await shows.getByText(/Setlist \(5 songs\)/).click()
  await expect(shows.getByRole('listitem').first()).toHaveText('Alma Oeste')
  await expectAccessibleBasics(page)
  await shows.getByRole('link', { name: 'Hotel El Roblar, Ojai, CA' }).click()
  await expect(page).toHaveURL(EL_ROBLAR)
  await expect(page.locator('.show-details__status')).toHaveText('This show has passed')
  await expect(page.getByRole('heading', { level: 2, name: 'Setlist' })).toBeVisible()
  expect(consoleErrors).toEqual([])
})

test('the upcoming shows page lists the tour by date, reached from the home page and from a show page', async ({
  page,
  consoleErrors,
}) => {
  await atTestNow(page)
  await page.goto('/')
  await waitForHydration(page)
  await page.locator('#events').getByRole('link', { name: 'All 3 upcoming shows' }).click()
  await expect(page).toHaveURL('/shows')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming shows')
  // Grouped by area in the area links' order, by date within each (ADR 192).
  await expect(page.locator('main section').getByRole('heading', { level: 2 })).toHaveText([
    'Central Coast',
    'Southern California',
  ])
  const shows = page.locator('.upcoming-show')
  await expect(shows.getByRole('heading', { level: 3 })).toHaveText([
    'Land+Sky, Somis, CA',
    'The Arlington Theatre, Santa Barbara, CA',
    'Irvine Bowl, Laguna Beach, CA',
  ])
  const landSky = shows.first()
  await expect(landSky.locator('time')).toHaveAttribute('datetime', '2025-10-25T19:00:00-07:00')
  await expect(landSky).toContainText('Saturday, October 25, 2025, 7:00 PM venue time (America/Los_Angeles)')
  await expect(
    landSky.getByRole('link', { name: 'Tickets for Land+Sky (opens in a new tab)' }),
  ).toHaveAttribute('href', /^https:\/\/tickets\.example\.com\//)
  await expect(shows.nth(1)).toContainText('Sold out')
  await expectAccessibleBasics(page)
  await page.getByRole('link', { name: 'The Arlington Theatre, Santa Barbara, CA' }).click()
  await expect(page).toHaveURL('/shows/2025-11-06-arlington-theatre-santa-barbara')
  await page.getByRole('link', { name: '← All shows' }).click()
  await expect(page).toHaveURL('/shows')
  await page.getByRole('link', { name: 'Past shows' }).click()
  await expect(page).toHaveURL('/shows/past')
  expect(consoleErrors).toEqual([])
})

test('the upcoming shows page is complete for crawlers: a MusicEvent per listed show', async ({
  request,
}) => {
  const response = await request.get('/shows')
  expect(response.status()).toBe(200)
  const html = await response.text()
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/shows"\/>/)
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!) as {
    startDate: string
  }[]
  expect(data.map((event) => event.startDate)).toEqual([
    '2025-10-25T19:00:00-07:00',
    '2025-11-06T19:00:00-08:00',
    '2025-11-08T19:00:00-08:00',
  ])
  expect(data[0]).toMatchObject({ '@type': 'MusicEvent', name: 'Los Forasteros at Land+Sky' })
  expect((await request.get('/shows?page=2')).status()).toBe(404)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/shows<\/loc>/)
})

test('the upcoming shows page filters by area through plain links, each with its calendar', async ({
  page,
  request,
  consoleErrors,
}) => {
  await atTestNow(page)
  await page.goto('/shows')
  await waitForHydration(page)
  const areas = page.getByRole('navigation', { name: 'Shows by area' })
  await expect(areas.getByRole('link', { name: 'All areas' })).toHaveAttribute('aria-current', 'page')
  await areas.getByRole('link', { name: 'Southern California' }).click()
  await expect(page).toHaveURL('/shows?area=southern-california')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upcoming shows in Southern California')
  await expect(areas.getByRole('link', { name: 'Southern California' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.locator('.upcoming-show h2')).toHaveText(['Irvine Bowl, Laguna Beach, CA'])
  await expectAccessibleBasics(page)
  const feed = page.getByRole('link', { name: 'the calendar feed’s address' })
  await expect(feed).toHaveAttribute('href', '/shows/area/southern-california.ics')
  const calendar = new ICAL.Component(
    ICAL.parse(await (await request.get('/shows/area/southern-california.ics')).text()),
  )
  expect(
    calendar.getAllSubcomponents('vevent').map((entry) => entry.getFirstPropertyValue('location')),
  ).toEqual([expect.stringContaining('Irvine Bowl')])
  // Server-rendered as a page of its own; an unknown area is the route's 404.
  const html = await (await request.get('/shows?area=central-coast')).text()
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/shows\?area=central-coast"\/>/)
  expect((await request.get('/shows?area=atlantis')).status()).toBe(404)
  expect(consoleErrors).toEqual([])
})

test('a show page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await atTestNow(page)
  await page.goto('/shows/2025-11-06-arlington-theatre-santa-barbara')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})

// One test per page: axe over four pages in one test ran past the test's time limit on a loaded CI machine.
for (const path of [
  LAND_SKY,
  '/shows/2025-11-06-arlington-theatre-santa-barbara',
  '/shows',
  '/shows?area=central-coast',
  '/shows/past',
  '/',
]) {
  test(`axe finds no violations on ${path === '/' ? 'the home page’s list of shows' : path}`, async ({
    page,
  }) => {
    await atTestNow(page)
    await page.goto(path)
    await waitForHydration(page)
    const results = await new AxeBuilder({ page }).include(path === '/' ? '#events' : 'main').analyze()
    expect(results.violations.map((violation) => violation.id)).toEqual([])
  })
}
