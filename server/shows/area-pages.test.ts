import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestContentServer } from '../content-api/testing/test-server'
import { areaDoc, jsonLdOf, showIn, startTourContentServer, tourPages } from './testing/tour-pages'

/**
 * The tour by area (/shows?area=<slug>), its calendar (/shows/area/<slug>.ics) and sitemap entries, against a
 * real content API (createApp + SQLite) written through the official @sanity/client.
 */
describe('the tour by area', () => {
  let server: TestContentServer

  const html = (path: string) => tourPages(server).html(path)

  const eventsIn = (page: string) =>
    jsonLdOf(page)
      .filter((item) => item['@type'] === 'MusicEvent')
      .map((item) => item.url)

  beforeAll(async () => {
    server = await startTourContentServer()
    await server
      .client('editor')
      .transaction()
      .create(areaDoc('bay-area', 'Bay Area', 'Área de la Bahía'))
      // No Spanish name yet: the Spanish pages show the English one, marked as English.
      .create(areaDoc('arizona', 'Arizona'))
      .create(areaDoc('southern-california', 'Southern California', 'Sur de California'))
      .create(showIn('oakland', 'bay-area'))
      .create(showIn('berkeley', 'bay-area', '2025-11-08T03:00:00.000Z'))
      .create(showIn('tucson', 'arizona'))
      .create(showIn('nowhere', null))
      .create(showIn('oakland-last-year', 'bay-area', '2025-01-08T03:00:00.000Z'))
      .commit()
  })
  afterAll(() => server?.close())

  it('lists every area on /shows, the shows under their areas, and a MusicEvent for each', async () => {
    const { status, html: page } = await html('/shows')
    expect(status).toBe(200)
    expect(page).toContain('<nav class="area-filter" aria-label="Shows by area">')
    expect(page).toContain('<a aria-current="page" href="/shows" data-discover="true">All areas</a>')
    expect(page).toContain('<a href="/shows?area=bay-area" data-discover="true">Bay Area</a>')
    // The areas in the links' order (by name), the show with none last; by date within each (ADR 192).
    const main = page.slice(page.indexOf('<main'))
    const at = (text: string) => main.indexOf(text)
    const groups = [...main.matchAll(/<h2 id="area-[^"]+" class="upcoming-shows__area-name">([^<]+)<\/h2>/g)]
    expect(groups.map((match) => match[1])).toEqual(['Arizona', 'Bay Area', 'Everywhere else'])
    expect(at('Sala oakland')).toBeGreaterThan(at('>Bay Area</h2>'))
    expect(at('Sala berkeley')).toBeGreaterThan(at('Sala oakland'))
    expect(at('Sala nowhere')).toBeGreaterThan(at('>Everywhere else</h2>'))
    expect(at('Sala tucson')).toBeLessThan(at('>Bay Area</h2>'))
    expect(eventsIn(page)).toHaveLength(4)
  })

  it('lists only the area’s upcoming shows on /shows?area=<slug>, with its own canonical address and calendar', async () => {
    const { status, html: page } = await html('/shows?area=bay-area')
    expect(status).toBe(200)
    expect(page).toContain('<h1>Upcoming shows in Bay Area</h1>')
    expect(page).toContain(
      '<a aria-current="page" href="/shows?area=bay-area" data-discover="true">Bay Area</a>',
    )
    expect(eventsIn(page)).toEqual([
      'https://band.example/shows/oakland',
      'https://band.example/shows/berkeley',
    ])
    expect(page).not.toContain('Sala tucson')
    expect(page).toContain('<link rel="canonical" href="https://band.example/shows?area=bay-area"/>')
    expect(page).toContain('href="https://band.example/shows/area/bay-area.ics"')
    expect(page).toContain('href="webcal://band.example/shows/area/bay-area.ics"')
  })

  it('says an area with no show ahead has none announced, without a count of zero', async () => {
    for (const [path, none] of [
      ['/shows?area=southern-california', 'No shows announced in Southern California right now.'],
      ['/es/shows?area=southern-california', 'Por ahora no hay conciertos anunciados en Sur de California.'],
    ]) {
      const { status, html: page } = await html(path!)
      expect(status).toBe(200)
      expect(page).toContain(none)
      expect(page).not.toContain('upcoming-shows__count')
    }
    expect((await html('/shows?area=bay-area')).html).toContain('upcoming-shows__count')
  })

  it('answers 404 for an area that names none, and for a page past the area’s last', async () => {
    expect((await html('/shows?area=atlantis')).status).toBe(404)
    expect((await html('/shows?area=arizona&page=2')).status).toBe(404)
  })

  it('serves an area’s calendar with its shows only, and 404 for an unknown area', async () => {
    const answer = await fetch(`${server.url}/shows/area/bay-area.ics`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    const calendar = new ICAL.Component(ICAL.parse(await answer.text()))
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Los Forasteros tour: Bay Area')
    const urls = calendar.getAllSubcomponents('vevent').map((entry) => entry.getFirstPropertyValue('url'))
    expect(urls).toEqual([
      expect.stringMatching(/\/shows\/oakland-last-year$/),
      expect.stringMatching(/\/shows\/oakland$/),
      expect.stringMatching(/\/shows\/berkeley$/),
    ])
    const missing = await fetch(`${server.url}/shows/area/atlantis.ics`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'No area at this address' })
  })

  it('names the areas in Spanish on /es/shows, in Spanish order, the English name marked where Spanish is missing', async () => {
    const { status, html: page } = await html('/es/shows')
    expect(status).toBe(200)
    const links = [...page.matchAll(/<a (?:lang="en" )?href="\/es\/shows\?area=[^"]+"[^>]*>([^<]+)<\/a>/g)]
    // A collator's order, not GROQ's code points (which would put "Área" last).
    expect(links.map((match) => match[1])).toEqual(['Área de la Bahía', 'Arizona', 'Sur de California'])
    expect(page).toContain('<a lang="en" href="/es/shows?area=arizona" data-discover="true">Arizona</a>')
    const main = page.slice(page.indexOf('<main'))
    const groups = [
      ...main.matchAll(/<h2 id="area-[^"]+" class="upcoming-shows__area-name"[^>]*>([^<]+)<\/h2>/g),
    ]
    expect(groups.map((match) => match[1])).toEqual(['Área de la Bahía', 'Arizona', 'En otras partes'])
    expect(main).toContain('<h2 id="area-arizona" class="upcoming-shows__area-name" lang="en">Arizona</h2>')
    expect(main).not.toContain('Bay Area')

    const one = await html('/es/shows?area=bay-area')
    expect(one.status).toBe(200)
    expect(one.html).toContain('Área de la Bahía</h1>')
    expect(one.html).not.toContain('Bay Area')
    // English pages keep the English names.
    expect((await html('/shows?area=bay-area')).html).not.toContain('Área de la Bahía')

    // An area listed on its own under its English name: the name is marked in the heading, count and calendar link.
    const standIn = (await html('/es/shows?area=arizona')).html
    const standInMain = standIn.slice(standIn.indexOf('<main'))
    expect(standInMain).toContain('<h1>Próximos conciertos en <span lang="en">Arizona</span></h1>')
    expect(standInMain).toMatch(/class="upcoming-shows__count">[^<]*<span lang="en">Arizona<\/span>/)
    expect(standInMain).toMatch(/<a href="webcal:[^"]+arizona.ics">[^<]*<span lang="en">Arizona<\/span>/)
  })

  it('titles the Spanish area calendar with the Spanish name, the English one where Spanish is missing', async () => {
    const title = async (path: string) => {
      const answer = await fetch(`${server.url}${path}`)
      expect(answer.status).toBe(200)
      const calendar = new ICAL.Component(ICAL.parse(await answer.text()))
      return [calendar.getFirstPropertyValue('x-wr-calname'), calendar.getFirstPropertyValue('name')]
    }
    expect(await title('/es/shows/area/bay-area.ics')).toEqual([
      'Gira de Los Forasteros: Área de la Bahía',
      'Gira de Los Forasteros: Área de la Bahía',
    ])
    expect(await title('/es/shows/area/arizona.ics')).toEqual([
      'Gira de Los Forasteros: Arizona',
      'Gira de Los Forasteros: Arizona',
    ])
    expect((await title('/shows/area/bay-area.ics'))[0]).toBe('Los Forasteros tour: Bay Area')
  })

  it('lists each area with shows in the sitemap', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(xml).toContain('/shows?area=arizona</loc>')
    expect(xml).toContain('/shows?area=bay-area</loc>')
  })
})
