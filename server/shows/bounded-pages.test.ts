import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentConfigFor } from '../../web/src/config/public-config'
import { renderPage } from '../../web/src/entry-server'
import {
  HOME_PAST_SHOWS,
  HOME_UPCOMING_SHOWS,
  isPastEvent,
} from '../../web/src/features/events/utils/event-rules'
import { values as pastShowsValues } from '../../web/src/app/routes/shows-past.server'
import { PAST_SHOWS_PAGE_SIZE, UPCOMING_SHOWS_PAGE_SIZE } from '../../web/src/features/shows/utils/show-paths'
import { createContentClient } from '../../web/src/lib/content-client'
import { startTestContentServer, type TestContentServer } from '../content-api/testing/test-server'
import { calendarFeeds, calendarSince } from './calendar-feeds'

/**
 * Pages read what they show (issue 37): at a history of many shows, the home page, an archive page and the tour
 * calendar hold a bounded part of it, and the same shows a whole-history reading would pick. A generated
 * history against a real content API (createApp + SQLite), read over HTTP as the server does.
 */
const NOW = new Date('2026-03-10T20:00:00Z')
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000
// Zones from UTC-10 to UTC+14, so the shows of the last hours are past in some and not yet in others.
const ZONES = [
  'America/Los_Angeles',
  'America/Mexico_City',
  'America/New_York',
  'Pacific/Honolulu',
  'Pacific/Kiritimati',
]

type Generated = { _id: string; startsAt: string; timeZone: string }

function history(): Generated[] {
  const shows: Generated[] = []
  const add = (id: string, at: number, timeZone: string) =>
    shows.push({ _id: id, startsAt: new Date(at).toISOString(), timeZone })
  // Three years back, one show every four days.
  for (let i = 1; i <= 270; i++) add(`past-${i}`, NOW.getTime() - i * 4 * DAY_MS - 3 * HOUR_MS, ZONES[i % 5]!)
  // The last day and a half, every 3 hours, in every zone: past or not depends on the zone.
  for (let i = 1; i <= 12; i++) add(`recent-${i}`, NOW.getTime() - i * 3 * HOUR_MS, ZONES[i % 5]!)
  // A year ahead, more than the home page lists: it keeps the soonest, /shows pages them all.
  for (let i = 1; i <= 40; i++) add(`next-${i}`, NOW.getTime() + i * 9 * DAY_MS, ZONES[i % 5]!)
  return shows
}

const shows = history()
const isPast = (show: Generated) => isPastEvent(new Date(show.startsAt), show.timeZone, NOW)
const newestFirst = (a: Generated, b: Generated) =>
  b.startsAt.localeCompare(a.startsAt) || a._id.localeCompare(b._id)
const pastIds = shows
  .filter(isPast)
  .sort(newestFirst)
  .map((show) => show._id)
const soonestFirst = (a: Generated, b: Generated) =>
  a.startsAt.localeCompare(b.startsAt) || a._id.localeCompare(b._id)
const upcomingIds = shows
  .filter((show) => !isPast(show))
  .sort(soonestFirst)
  .map((show) => show._id)
const upcomingCount = upcomingIds.length
const listedIds = (page: string) => [
  ...new Set([...page.matchAll(/href="\/shows\/((?:past|recent|next)-\d+)"/g)].map((match) => match[1])),
]

type DehydratedQuery = { queryKey: unknown[]; state: { data: unknown } }

function dehydratedQueries(html: string): DehydratedQuery[] {
  const json = /window\.__APP_STATE__=(.*?)<\/script>/s.exec(html)?.[1]
  if (!json) throw new Error('no app state in the page')
  return (JSON.parse(json) as { queryState: { queries: DehydratedQuery[] } }).queryState.queries
}

const jsonLdOf = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  )

// Each test renders several pages against a history of hundreds of shows: seconds on a loaded machine.
describe('pages at a long history', { timeout: 30_000 }, () => {
  let server: TestContentServer

  const html = async (path: string) => {
    const result = await renderPage(new Request(`http://localhost${path}`), {
      publicConfig: { siteUrl: 'https://band.example', content: contentConfigFor({ dataset: 'production' }) },
      assets: { entry: '/assets/entry.js', css: [], preload: [] },
      contentApiUrl: `${server.url}/content`,
      now: NOW,
    })
    if (result.type !== 'html') throw new Error(`expected html for ${path}`)
    return result
  }

  beforeAll(async () => {
    server = await startTestContentServer()
    const transaction = server
      .client('editor')
      .transaction()
      .create({ _id: 'siteSettings', _type: 'siteSettings', bandName: 'Los Forasteros' })
    for (const show of shows) {
      transaction.create({
        ...show,
        _type: 'event',
        slug: { _type: 'slug', current: show._id },
        venue: `Hall ${show._id}`,
        city: 'Tucson',
        region: 'AZ',
        country: 'US',
        status: 'onSale',
        ticketUrl: 'https://tickets.example.com/x',
        price: 25,
        currency: 'USD',
      })
    }
    await transaction.commit()
  }, 60_000)
  afterAll(() => server?.close())

  it('lists only the soonest upcoming and the latest past shows on the home page, in its data and its cache', async () => {
    const { html: page } = await html('/')
    expect(upcomingCount).toBeGreaterThan(HOME_UPCOMING_SHOWS)
    const rows = page.match(/class="event-list__row"/g) ?? []
    expect(rows).toHaveLength(HOME_UPCOMING_SHOWS + HOME_PAST_SHOWS)
    const expected = [...upcomingIds.slice(0, HOME_UPCOMING_SHOWS), ...pastIds.slice(0, HOME_PAST_SHOWS)]
    expect(listedIds(page)).toEqual(expected)
    expect(page).toContain('href="/shows/past"')
    expect(page).toMatch(new RegExp(`<a href="/shows"[^>]*>All ${upcomingCount} upcoming shows</a>`))

    const group = jsonLdOf(page)
      .flatMap((data) => (data['@graph'] as Record<string, unknown>[] | undefined) ?? [data])
      .find((data) => data['@type'] === 'MusicGroup')
    expect((group!.event as unknown[]).length).toBe(HOME_UPCOMING_SHOWS + HOME_PAST_SHOWS)

    const tour = dehydratedQueries(page).find((query) => query.queryKey.includes('tourDates'))!
    const { recent, later, past } = tour.state.data as Record<string, unknown[]>
    // What it lists, and the few of the last days whose being past depends on their zone.
    expect(recent!.length + later!.length + past!.length).toBeLessThanOrEqual(
      HOME_UPCOMING_SHOWS + HOME_PAST_SHOWS + 12,
    )
  })

  it('reads, converts and dehydrates one page of the upcoming shows on /shows, with an event each', async () => {
    const pageCount = Math.ceil(upcomingCount / UPCOMING_SHOWS_PAGE_SIZE)
    for (const page of [1, 2, pageCount]) {
      const { status, html: body } = await html(page === 1 ? '/shows' : `/shows?page=${page}`)
      expect(status).toBe(200)
      const expected = upcomingIds.slice(
        (page - 1) * UPCOMING_SHOWS_PAGE_SIZE,
        page * UPCOMING_SHOWS_PAGE_SIZE,
      )
      const upcoming = dehydratedQueries(body).find((query) => query.queryKey.includes('upcoming'))!
      const { records, total } = upcoming.state.data as { records: { _id: string }[]; total: number }
      expect(records.map((record) => record._id)).toEqual(expected)
      expect(total).toBe(upcomingCount)
      expect(listedIds(body)).toEqual(expected)
      const events = jsonLdOf(body).flatMap((data) => (Array.isArray(data) ? data : [data]))
      expect(events.map((event) => event.url)).toEqual(
        expected.map((id) => `https://band.example/shows/${id}`),
      )
      expect(body).toContain('href="/shows/past"')
    }
    expect((await html(`/shows?page=${pageCount + 1}`)).status).toBe(404)
    expect((await html('/shows?page=0')).status).toBe(404)
  })

  it('reads, converts and dehydrates one page of the archive, the same shows a whole-history reading picks', async () => {
    for (const page of [1, 2, 5]) {
      const { status, html: body } = await html(`/shows/past?page=${page}`)
      expect(status).toBe(200)
      const expected = pastIds.slice((page - 1) * PAST_SHOWS_PAGE_SIZE, page * PAST_SHOWS_PAGE_SIZE)
      const archive = dehydratedQueries(body).find((query) => query.queryKey.includes('archive'))!
      const { records, total } = archive.state.data as { records: { _id: string }[]; total: number }
      expect(records.map((record) => record._id)).toEqual(expected)
      expect(total).toBe(pastIds.length)
      expect(listedIds(body)).toEqual(expected)
    }
    const lastPage = Math.ceil(pastIds.length / PAST_SHOWS_PAGE_SIZE)
    expect((await html(`/shows/past?page=${lastPage}`)).status).toBe(200)
    expect((await html(`/shows/past?page=${lastPage + 1}`)).status).toBe(404)
  })

  it('decides which archive page numbers exist from a count, not from the shows', async () => {
    const queries: string[] = []
    const client = createContentClient({
      ...contentConfigFor({ dataset: 'production' }),
      apiUrl: `${server.url}/content`,
      fetch: (input, init) => {
        queries.push(new URL(String(input)).searchParams.get('query') ?? '')
        return fetch(input, init)
      },
    })
    const numbers = await pastShowsValues.page(client)
    expect(numbers).toHaveLength(Math.ceil(shows.length / PAST_SHOWS_PAGE_SIZE))
    expect(queries).toHaveLength(1)
    expect(queries[0]).toMatch(/^count\(/)
  })

  it('holds the upcoming shows and a year of past ones in the tour calendar, none older', async () => {
    const feed = calendarFeeds.find((candidate) => candidate.path === '/shows.ics')!
    const answer = await feed.render({
      origin: 'https://band.example',
      absolute: (path) => `https://band.example${path}`,
      content: createContentClient({
        ...contentConfigFor({ dataset: 'production' }),
        apiUrl: `${server.url}/content`,
      }),
      now: NOW,
      params: {},
    })
    const body = typeof answer === 'string' ? answer : answer.body
    const starts = new ICAL.Component(ICAL.parse(body))
      .getAllSubcomponents('vevent')
      .map((event) => (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime())
    const yearAgo = NOW.getTime() - 366 * DAY_MS
    expect(starts.every((start) => start >= yearAgo)).toBe(true)
    expect(starts.filter((start) => start > NOW.getTime())).toHaveLength(40)
    expect(starts.length).toBe(shows.filter((show) => show.startsAt >= calendarSince(NOW)).length)
  })
})
