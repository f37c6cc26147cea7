import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestContentServer, type TestContentServer } from '../content-api/testing/test-server'

/**
 * The feeds in each language (ADR 193) against a real content API written through @sanity/client: a language's
 * RSS lists its own posts only, with its `<language>`; the Spanish calendars speak Spanish, with the show's
 * Spanish note, or the English one where the Spanish is missing.
 */
describe('RSS and calendars per language', () => {
  let server: TestContentServer

  const post = (id: string, language: string | undefined, slug: string, title: string) => ({
    _id: id,
    _type: 'newsPost',
    title,
    ...(language ? { language } : {}),
    slug: { _type: 'slug', current: slug },
    publishedAt: '2025-05-01T12:00:00.000Z',
  })
  const show = (id: string, slug: string, notes: Record<string, string>) => ({
    _id: id,
    _type: 'event',
    slug: { _type: 'slug', current: slug },
    startsAt: '2099-06-07T03:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    venue: 'Foro Sol',
    city: 'Ventura',
    region: 'CA',
    country: 'US',
    status: 'onSale',
    ticketUrl: 'https://tickets.example.com/x',
    notes: { _type: 'localeText', ...notes },
  })

  beforeAll(async () => {
    server = await startTestContentServer()
    await server
      .client('editor')
      .transaction()
      .create(post('p-en', 'en', 'english-news', 'English news'))
      .create(post('p-old', undefined, 'older-news', 'Older news'))
      .create(post('p-es', 'es', 'noticias', 'Noticias en español'))
      .create(show('s-both', 'both', { en: 'All ages.', es: 'Para todas las edades.' }))
      .create(show('s-en', 'english-only', { en: 'Bring a jacket.' }))
      .commit()
  })
  afterAll(() => server?.close())

  const rss = async (path: string) => {
    const res = await fetch(`${server.url}${path}`)
    expect(res.status, path).toBe(200)
    return res.text()
  }

  it('lists each language’s posts in its own feed, under its own addresses', async () => {
    const english = await rss('/news/rss.xml')
    expect(english).toContain('<language>en-us</language>')
    expect(english).toContain(`<link>${server.url}/news/english-news</link>`)
    expect(english).toContain(`<link>${server.url}/news/older-news</link>`)
    expect(english).not.toContain('noticias')
    const spanish = await rss('/es/news/rss.xml')
    expect(spanish).toContain('<language>es-mx</language>')
    expect(spanish).toContain(`<link>${server.url}/es/news/noticias</link>`)
    expect(spanish).toContain(`<atom:link href="${server.url}/es/news/rss.xml"`)
    expect(spanish).not.toMatch(/english-news|older-news/)
  })

  it('writes the Spanish calendar in Spanish, with each show’s Spanish note or the English one', async () => {
    const events = (ics: string) =>
      new ICAL.Component(ICAL.parse(ics))
        .getAllSubcomponents('vevent')
        .map((vevent) => new ICAL.Event(vevent))
    const spanish = events(await rss('/es/shows.ics'))
    const both = spanish.find(
      (event) => event.component.getFirstPropertyValue('url') === `${server.url}/es/shows/both`,
    )
    expect(both?.description).toContain('Para todas las edades.')
    expect(both?.description).toContain('Boletos: https://tickets.example.com/x')
    expect(both?.description).toMatch(/^sábado, 6 de junio de 2099\. Concierto 8:00 p\.m\./)
    const englishOnly = spanish.find((event) => event.description.includes('Bring a jacket.'))
    expect(englishOnly?.component.getFirstPropertyValue('url')).toBe(`${server.url}/es/shows/english-only`)

    const english = events(await rss('/shows.ics'))
    expect(english.map((event) => event.description).join('\n')).not.toContain('Para todas')
    const entry = await rss('/es/shows/both.ics')
    expect(events(entry)[0]?.description).toContain('Para todas las edades.')
  })
})
