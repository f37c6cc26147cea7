import { publishServerUrl } from './support/servers'
import {
  createDocument,
  localeInputs,
  openStudio,
  publishedQuery,
  publishUntil,
  setStudioDateTime,
  unexpectedStudioErrors,
} from './support/studio'
import { expect as baseExpect, test } from './support/test'

// The band manager writes a show's note in English and Spanish side by side in the real Studio and publishes
// both at once (ADR 193). The show lands on the server of the specs that publish, not the main one whose pages
// other specs read as seeded (tests/e2e/support/servers.ts).
const expect = baseExpect.configure({ timeout: 30_000 })
test.setTimeout(150_000)
test.use({ timezoneId: 'America/Los_Angeles' })

const SITE = publishServerUrl
test.use({ baseURL: publishServerUrl })

/** What the site's show page query reads in a language: the note, and whether English stood in. */
const NOTE_QUERY = `*[_type == "event" && slug.current == $slug][0]{
  "notes": coalesce(select($lang == "es" => notes.es), notes.en),
  "notesLang": select($lang == "es" && !defined(notes.es) && defined(notes.en) => "en", null)
}`

test('a show’s note written in both languages is published at once and read in each', async ({
  page,
  consoleErrors,
}) => {
  const venue = `Salón Forastero ${Date.now().toString(36)}`
  const english = 'All ages. Bring your jarana: the fandango starts after the show.'
  const spanish = '¡Para todas las edades! Trae tu jarana: el fandango empieza después del concierto.'
  await openStudio(page)
  await createDocument(page, 'Events', 'Event')
  await setStudioDateTime(page, '2027-10-02 20:00')
  await page.getByRole('textbox', { name: 'Venue' }).fill(venue)
  await page.getByRole('textbox', { name: 'City' }).fill('Oxnard')
  await page.getByRole('button', { name: 'Generate' }).click()
  const slugBox = page.getByRole('textbox', { name: 'Slug' })
  await expect(slugBox).toHaveValue(/^2027-10-02-salon-forastero-[a-z0-9]+-oxnard$/)
  const slug = await slugBox.inputValue()
  await page.getByRole('textbox', { name: 'Ticket URL' }).fill('https://tickets.example.com/salon')

  // Side by side: the note's English and Spanish inputs, in one group.
  const notes = localeInputs(page, 'Notes')
  await notes.en.fill(english)
  await notes.es.fill(spanish)
  // One publish carries both languages.
  await publishUntil(
    page,
    '*[venue == $venue][0]{"en": notes.en, "es": notes.es}',
    { venue },
    {
      en: english,
      es: spanish,
    },
  )

  expect(await publishedQuery(page, NOTE_QUERY, { slug, lang: 'es' })).toEqual({
    notes: spanish,
    notesLang: null,
  })
  expect(await publishedQuery(page, NOTE_QUERY, { slug, lang: 'en' })).toEqual({
    notes: english,
    notesLang: null,
  })

  const site = await page.context().newPage()
  await site.addInitScript(() => window.localStorage.setItem('newsletter:popupSeen', 'e2e'))
  await site.goto(`${SITE}/shows/${slug}`)
  await expect(site.locator('.show__notes')).toHaveText(english)
  await expect(site.locator('.show__notes')).not.toHaveAttribute('lang')

  // The same publish gave the Spanish page its Spanish note, marked as nothing but Spanish.
  await site.goto(`${SITE}/es/shows/${slug}`)
  await expect(site.locator('.show__notes')).toHaveText(spanish)
  await expect(site.locator('.show__notes')).not.toHaveAttribute('lang')
  expect(unexpectedStudioErrors(consoleErrors)).toEqual([])
})
