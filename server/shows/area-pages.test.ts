import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { renderPage } from '../../web/src/entry-server'
import { startTestContentServer, type TestContentServer } from '../content-api/testing/test-server'

/**
 * The tour by area (/shows?area=<slug>), its calendar (/shows/area/<slug>.ics) and sitemap entries, against a
 * real content API (createApp + SQLite) written through the official @sanity/client.
 */
describe('the tour by area', () => {
  let server: TestContentServer

  const area = (slug: string, name: string) => ({
    _id: `area-${slug}`,
    _type: 'area',
    name,
    slug: { _type: 'slug', current: slug },
  })

  const event = (id: string, areaSlug: string | null, startsAt = '2025-11-07T03:00:00.000Z') => ({
    _id: id,
    _type: 'event',
    slug: { _type: 'slug', current: id },
    startsAt,
    timeZone: 'America/Los_Angeles',
    venue: `Sala ${id}`,
    city: 'Oakland',
    region: 'CA',
    country: 'US',
    status: 'onSale',
    ticketUrl: `https://tickets.example.com/${id}`,
    ...(areaSlug ? { area: { _type: 'reference', _ref: `area-${areaSlug}` } } : {}),
  })

  const html = async (path: string) => {
    const result = await renderPage(new Request(`http://localhost${path}`), {
      publicConfig: { siteUrl: 'https://band.example', content: contentConfigFor({ dataset: 'production' }) },
      assets: { entry: '/assets/entry.js', css: [], preload: [] },
      contentApiUrl: `${server.url}/content`,
      now: new Date('2025-10-01T19:00:00Z'),
    })
    if (result.type !== 'html') throw new Error(`expected html for ${path}`)
    return result
  }

  const eventsIn = (page: string) =>
    [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
      .flatMap((match) => [JSON.parse(match[1]!) as unknown].flat())
      .filter(
        (item): item is { '@type': string; url: string } =>
          (item as { '@type'?: string })['@type'] === 'MusicEvent',
      )
      .map((item) => item.url)

  beforeAll(async () => {
    server = await startTestContentServer({ env: { TEST_NOW: '2025-10-01T19:00:00Z' } })
    await server
      .client('editor')
      .transaction()
      .create({ _id: 'siteSettings', _type: 'siteSettings', bandName: 'Los Forasteros' })
      .create(area('bay-area', 'Bay Area'))
      .create(area('arizona', 'Arizona'))
      .create(event('oakland', 'bay-area'))
      .create(event('berkeley', 'bay-area', '2025-11-08T03:00:00.000Z'))
      .create(event('tucson', 'arizona'))
      .create(event('nowhere', null))
      .create(event('oakland-last-year', 'bay-area', '2025-01-08T03:00:00.000Z'))
      .commit()
  })
  afterAll(() => server?.close())

  it('lists every area on /shows, each show with its area, and a MusicEvent for each', async () => {
    const { status, html: page } = await html('/shows')
    expect(status).toBe(200)
    expect(page).toContain('<nav class="area-filter" aria-label="Shows by area">')
    expect(page).toContain('<a aria-current="page" href="/shows" data-discover="true">All areas</a>')
    expect(page).toContain('<a href="/shows?area=bay-area" data-discover="true">Bay Area</a>')
    expect(page).toContain('<p class="upcoming-show__area">Arizona</p>')
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

  it('lists each area with shows in the sitemap', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(xml).toContain('/shows?area=arizona</loc>')
    expect(xml).toContain('/shows?area=bay-area</loc>')
  })
})
