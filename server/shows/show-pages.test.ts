import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestContentServer } from '../content-api/testing/test-server'
import { jsonLdOf, startTourContentServer, tourPages } from './testing/tour-pages'

/**
 * Show pages, their calendars and sitemap entries against a real content API (createApp + SQLite), written
 * through the official @sanity/client and read back over HTTP as the server does.
 */
describe('show pages, calendars and sitemap', () => {
  let server: TestContentServer

  const event = (id: string, extra: Record<string, unknown> = {}) => ({
    _id: id,
    _type: 'event',
    slug: { _type: 'slug', current: id },
    // Nov 6 2025, 19:00 in Santa Barbara (PST, UTC-8).
    startsAt: '2025-11-07T03:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    venue: `Teatro ${id}`,
    city: 'Santa Barbara',
    region: 'CA',
    country: 'US',
    address: '1317 State St',
    postalCode: '93101',
    status: 'onSale',
    ticketUrl: 'https://tickets.example.com/x',
    price: 30,
    currency: 'USD',
    ...extra,
  })

  const html = (path: string, now?: string) => tourPages(server).html(path, now)

  beforeAll(async () => {
    server = await startTourContentServer()
    await server
      .client('editor')
      .transaction()
      .create(
        event('on-sale', {
          doorsTime: '18:00',
          notes: { _type: 'localeText', en: 'All ages.' },
          setlist: ['Alma Oeste'],
        }),
      )
      .create(event('called-off', { status: 'cancelled' }))
      // Moved from Oct 10 (PDT) to Nov 6 (PST).
      .create(event('moved', { status: 'postponed', originalStartsAt: '2025-10-11T02:00:00.000Z' }))
      .create(event('undated', { status: 'postponed' }))
      .create(event('past-1', { startsAt: '2025-09-05T02:00:00.000Z', setlist: ['La Bamba', 'Cascabel'] }))
      .create({ ...event('secret'), _id: 'drafts.secret' })
      .commit()
  })
  afterAll(() => server?.close())

  it('renders a show with its times in the venue’s zone, offset in the markup, and a MusicEvent', async () => {
    const { status, html: page } = await html('/shows/on-sale')
    expect(status).toBe(200)
    expect(page).toContain('<h1>Los Forasteros at Teatro on-sale</h1>')
    expect(page).toContain('<time dateTime="2025-11-06T19:00:00-08:00">Thursday, November 6, 2025</time>')
    expect(page).toContain('<time dateTime="2025-11-06T18:00:00-08:00">6:00 PM</time>')
    expect(page).toContain('From $30.00')
    expect(page).toContain('href="https://tickets.example.com/x"')
    expect(page).toContain('href="/shows/on-sale.ics"')
    expect(page).toContain('<link rel="canonical" href="https://band.example/shows/on-sale"/>')
    expect(page).toMatch(
      /<title>Teatro on-sale, Santa Barbara, CA · Thursday, November 6, 2025 · Los Forasteros<\/title>/,
    )
    expect(page).toContain('<meta property="og:url" content="https://band.example/shows/on-sale"/>')
    const [data] = jsonLdOf(page)
    expect(data).toMatchObject({
      '@type': 'MusicEvent',
      startDate: '2025-11-06T19:00:00-08:00',
      eventStatus: 'https://schema.org/EventScheduled',
      offers: { availability: 'https://schema.org/InStock', price: 30, priceCurrency: 'USD' },
    })
  })

  it('leads "All shows" to the tour page in the page’s language', async () => {
    const en = await html('/shows/on-sale')
    expect(en.html).toMatch(/<a[^>]*href="\/shows"[^>]*>← All shows<\/a>/)
    const es = await html('/es/shows/on-sale')
    expect(es.status).toBe(200)
    expect(es.html).toMatch(/<a[^>]*href="\/es\/shows"[^>]*>← Todos los conciertos<\/a>/)
  })

  it('marks a cancelled show as cancelled, in words and in its data, with no ticket link', async () => {
    const { status, html: page } = await html('/shows/called-off')
    expect(status).toBe(200)
    expect(page).toContain('show-details__status--cancelled">Cancelled</dd>')
    expect(page).not.toContain('href="https://tickets.example.com/x"')
    const [data] = jsonLdOf(page)
    expect(data!.eventStatus).toBe('https://schema.org/EventCancelled')
    expect(data).not.toHaveProperty('offers')
  })

  it('says where a postponed show moved, and marks it rescheduled with its first date', async () => {
    const page = (await html('/shows/moved')).html
    expect(page).toContain(
      'Postponed to<!-- --> <time dateTime="2025-11-06T19:00:00-08:00">Thursday, November 6, 2025, 7:00 PM</time> (<!-- -->first announced for<!-- --> <time dateTime="2025-10-10T19:00:00-07:00">Friday, October 10, 2025, 7:00 PM</time>)',
    )
    const [data] = jsonLdOf(page)
    expect(data).toMatchObject({
      eventStatus: 'https://schema.org/EventRescheduled',
      previousStartDate: '2025-10-10T19:00:00-07:00',
      startDate: '2025-11-06T19:00:00-08:00',
    })
    const undated = (await html('/shows/undated')).html
    expect(undated).toContain('Postponed: the new date will be announced here')
    expect(jsonLdOf(undated)[0]!.eventStatus).toBe('https://schema.org/EventPostponed')
  })

  it('answers 404 for an unknown show and for a draft', async () => {
    for (const path of ['/shows/nope', '/shows/secret']) {
      const result = await html(path)
      expect(result.status).toBe(404)
      expect(result.html).toContain('There is no show at this address.')
    }
  })

  it('archives past shows newest first with their setlists, by the server clock', async () => {
    const early = (await html('/shows/past')).html
    expect(early).toContain('<h1>Past shows</h1>')
    expect(early.match(/class="past-show"/g)).toHaveLength(1)
    expect(early).toContain('<li>Cascabel</li>')
    // A year later every show is past.
    const later = (await html('/shows/past', '2026-11-01T00:00:00Z')).html
    const titles = [...later.matchAll(/<h2 class="past-show__title"><a href="\/shows\/([^"]+)"/g)].map(
      (m) => m[1],
    )
    expect(titles).toHaveLength(5)
    expect(titles.at(-1)).toBe('past-1')
    expect((await html('/shows/past?page=2')).status).toBe(404)
    expect((await html('/shows/past?page=x')).status).toBe(404)
  })

  it('serves each show and the tour as iCalendar; unknown shows are 404', async () => {
    const one = await fetch(`${server.url}/shows/moved.ics`)
    expect(one.status).toBe(200)
    expect(one.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(one.headers.get('content-disposition')).toBe('attachment; filename="moved.ics"')
    const [moved] = new ICAL.Component(ICAL.parse(await one.text())).getAllSubcomponents('vevent')
    expect(moved!.getFirstPropertyValue('uid')).toBe('moved@127.0.0.1')

    const feed = await fetch(`${server.url}/shows.ics`)
    expect(feed.headers.get('cache-control')).toBe('no-cache')
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent')
    const byUid = Object.fromEntries(
      events.map((e) => [e.getFirstPropertyValue('uid'), e.getFirstPropertyValue('status')]),
    )
    expect(byUid).toEqual({
      'past-1@127.0.0.1': 'CONFIRMED',
      'on-sale@127.0.0.1': 'CONFIRMED',
      'called-off@127.0.0.1': 'CANCELLED',
      'moved@127.0.0.1': 'CONFIRMED',
      'undated@127.0.0.1': 'TENTATIVE',
    })

    const missing = await fetch(`${server.url}/shows/nope.ics`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'No show at this address' })
  })

  it('raises SEQUENCE when an editor publishes a change, keeping the UID', async () => {
    const read = async () => {
      const text = await (await fetch(`${server.url}/shows/on-sale.ics`)).text()
      const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!
      return {
        uid: vevent.getFirstPropertyValue('uid'),
        sequence: Number(vevent.getFirstPropertyValue('sequence')),
        text,
      }
    }
    const before = await read()
    expect(await read()).toEqual(before)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await server.client('editor').patch('on-sale').set({ venue: 'Teatro Nuevo' }).commit()
    const after = await read()
    expect(after.uid).toBe(before.uid)
    expect(after.sequence).toBeGreaterThan(before.sequence)
  })

  it('lists the archive and every show in the sitemap with lastmod', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text()
    expect(xml).toMatch(
      /<url><loc>http:\/\/127\.0\.0\.1:\d+\/shows\/past<\/loc><lastmod>[^<]+Z<\/lastmod><xhtml:link /,
    )
    for (const slug of ['on-sale', 'called-off', 'moved', 'undated', 'past-1']) {
      expect(xml).toMatch(
        new RegExp(`<loc>http://127\\.0\\.0\\.1:\\d+/shows/${slug}</loc><lastmod>\\d{4}-[^<]+Z</lastmod>`),
      )
    }
    expect(xml).not.toContain('secret')
  })
})
