import ICAL from 'ical.js'
import { publishServerUrl } from './support/servers'
import {
  createDocument,
  openStudio,
  publishUntil,
  setStudioDateTime,
  unexpectedStudioErrors,
} from './support/studio'
import { expect as baseExpect, test } from './support/test'

// The band manager announces a show in the real Studio. The show lands on the server of the specs that publish, not
// the main one whose tour list other specs read as seeded (tests/e2e/support/servers.ts).
const expect = baseExpect.configure({ timeout: 30_000 })
test.setTimeout(150_000)
// The Studio's date field takes the editor's local time; this editor sits in the venue's time zone.
test.use({ timezoneId: 'America/Los_Angeles' })

const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })

test('a show published in the Studio is on the home page, its own page, the tour calendar and the sitemap', async ({
  page,
  request,
  consoleErrors,
}) => {
  const venue = `Foro Forastero ${Date.now().toString(36)}`
  await openStudio(page)
  await createDocument(page, 'Events', 'Event')
  // Sep 18 2027, 20:00 in Ventura (PDT, UTC-7).
  await setStudioDateTime(page, '2027-09-18 20:00')
  await page.getByRole('textbox', { name: 'Doors open' }).fill('19:00')
  await page.getByRole('textbox', { name: 'Venue' }).fill(venue)
  await page.getByRole('textbox', { name: 'City' }).fill('Ventura')
  await page.getByRole('button', { name: 'Generate' }).click()
  const slugBox = page.getByRole('textbox', { name: 'Slug' })
  await expect(slugBox).toHaveValue(/^2027-09-18-foro-forastero-[a-z0-9]+-ventura$/)
  const slug = await slugBox.inputValue()
  await page.getByRole('textbox', { name: 'Address' }).fill('99 California St')
  await page.getByRole('textbox', { name: 'Postal code' }).fill('93001')
  await page.getByRole('textbox', { name: 'Ticket URL' }).fill('https://tickets.example.com/foro')
  await publishUntil(
    page,
    '*[venue == $venue][0]{"slug": slug.current, startsAt, doorsTime, postalCode}',
    { venue },
    { slug, startsAt: '2027-09-19T03:00:00.000Z', doorsTime: '19:00', postalCode: '93001' },
  )
  // The document list's preview names the show's address on the site.
  await expect(page.getByText(`/shows/${slug}`).first()).toBeVisible()

  const site = await page.context().newPage()
  await site.addInitScript(() => window.localStorage.setItem('newsletter:popupSeen', 'e2e'))
  await site.goto(`${SITE}/`)
  const row = site.locator('.event-list__row', { hasText: venue })
  await expect(row.locator('.event-list__item')).toContainText('Sep 18 2027')
  await row
    .getByRole('link', { name: new RegExp(`^${venue}, Ventura, CA, Sep 18 2027: show details$`) })
    .click()
  await expect(site).toHaveURL(`${SITE}/shows/${slug}`)
  await expect(site.getByRole('heading', { level: 1 })).toHaveText(`Los Forasteros at ${venue}`)
  await expect(site.locator('time[datetime="2027-09-18T19:00:00-07:00"]')).toHaveText('7:00 PM')
  await expect(site.getByText('99 California St, Ventura, CA 93001, US')).toBeVisible()

  const feed = await (await request.get(`${SITE}/shows.ics`)).text()
  const entry = new ICAL.Component(ICAL.parse(feed))
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
    .find((event) => event.component.getFirstPropertyValue('url') === `${SITE}/shows/${slug}`)
  expect(entry?.startDate.toJSDate().toISOString()).toBe('2027-09-19T03:00:00.000Z')
  expect(entry?.summary).toBe(`Los Forasteros at ${venue}`)
  expect(await (await request.get(`${SITE}/sitemap.xml`)).text()).toMatch(
    new RegExp(`<loc>${SITE}/shows/${slug}</loc><lastmod>[^<]+</lastmod>`),
  )
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})
