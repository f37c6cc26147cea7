import {
  areaCalendarQuery,
  showCalendarEntryQuery,
  showCalendarQuery,
  siteSettingsQuery,
} from '../../web/src/content/queries'
import type {
  AreaCalendarQueryResult,
  ShowCalendarEntryQueryResult,
  ShowCalendarQueryResult,
  SiteSettingsQueryResult,
} from '../../web/src/content/sanity.types'
import {
  areaFeedPath,
  SHOWS_FEED_PATH,
  showPath,
  upcomingShowsPagePath,
} from '../../web/src/features/shows/shows-contract'
import type { Feed, FeedContext } from '../page-cache/feeds'
import { buildICalendar, type Calendar } from './icalendar'
import { showCalendarEntries, showCalendarEntriesInSlices, type ShowCalendarContext } from './show-calendar'

/**
 * How far back `/shows.ics` reaches: a year of past shows, then it stops growing with the band's history. Calendar
 * apps keep the entries they already have; the archive (/shows/past) has the rest.
 */
const CALENDAR_PAST_DAYS = 365

/** Whole UTC days, so the feed's query (and its cached answer) changes once a day. */
export function calendarSince(now: Date): string {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return new Date(today - CALENDAR_PAST_DAYS * 24 * 60 * 60 * 1000).toISOString()
}

/** Calendar apps poll a subscription; twice a day follows a tour closely enough. */
const REFRESH_INTERVAL = 'PT12H'

const CALENDAR_TYPE = 'text/calendar; charset=utf-8'

async function calendarContext({ content, origin, absolute }: FeedContext): Promise<ShowCalendarContext> {
  const settings = await content.fetch<SiteSettingsQueryResult>(siteSettingsQuery)
  return { bandName: settings?.bandName || null, host: new URL(origin).hostname, absolute, showPath }
}

const calendarName = (context: ShowCalendarContext) =>
  context.bandName ? `${context.bandName} tour` : 'Tour dates'
const productId = (context: ShowCalendarContext) => `-//${context.host}//Tour calendar//EN`

const notFound = (error: string) => ({
  status: 404,
  body: JSON.stringify({ error }),
  contentType: 'application/json; charset=utf-8',
})

/**
 * `/shows.ics` (the tour, for subscribing), `/shows/area/<slug>.ics` (an area's shows, for fans near it) and
 * `/shows/<slug>.ics` (one show, to add). Feeds like the RSS feed:
 * rendered once per content revision (ADR 090); their bytes depend on the content alone (server/shows/icalendar.ts,
 * ADR 120).
 */
export const calendarFeeds: Feed[] = [
  {
    path: SHOWS_FEED_PATH,
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const [context, records] = await Promise.all([
        calendarContext(feed),
        feed.content.fetch<ShowCalendarQueryResult>(showCalendarQuery, { since: calendarSince(feed.now) }),
      ])
      const calendar: Calendar = {
        productId: productId(context),
        name: calendarName(context),
        description: `The tour's shows, upcoming and of the past year, with times, venues and ticket links: ${context.absolute('/')}`,
        source: { url: context.absolute(SHOWS_FEED_PATH), refreshInterval: REFRESH_INTERVAL },
        entries: await showCalendarEntriesInSlices(records, context),
      }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': 'inline; filename="shows.ics"' },
      }
    },
  },
  {
    path: '/shows/area/:area.ics',
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const area = String(feed.params.area)
      const [context, found] = await Promise.all([
        calendarContext(feed),
        feed.content.fetch<AreaCalendarQueryResult>(areaCalendarQuery, {
          area,
          since: calendarSince(feed.now),
        }),
      ])
      if (!found.area) return notFound('No area at this address')
      const areaName = found.area.name ?? area
      const calendar: Calendar = {
        productId: productId(context),
        name: `${calendarName(context)}: ${areaName}`,
        description: `The tour's shows in ${areaName}, upcoming and of the past year: ${context.absolute(upcomingShowsPagePath(1, area))}`,
        source: { url: context.absolute(areaFeedPath(area)), refreshInterval: REFRESH_INTERVAL },
        entries: showCalendarEntries(found.shows, context),
      }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': `inline; filename="${encodeURIComponent(area)}.ics"` },
      }
    },
  },
  {
    path: '/shows/:slug.ics',
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const slug = String(feed.params.slug)
      const [context, record] = await Promise.all([
        calendarContext(feed),
        feed.content.fetch<ShowCalendarEntryQueryResult>(showCalendarEntryQuery, { slug }),
      ])
      const entries = record ? showCalendarEntries([record], context) : []
      if (entries.length === 0) return notFound('No show at this address')
      const calendar: Calendar = { productId: productId(context), name: calendarName(context), entries }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': `attachment; filename="${encodeURIComponent(slug)}.ics"` },
      }
    },
  },
]
