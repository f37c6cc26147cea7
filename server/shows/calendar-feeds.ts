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
import type { Locale } from '../../web/src/lib/i18n/locale-contract'
import { CALENDAR_WORDS, type CalendarWords } from './calendar-words'
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

async function calendarContext(
  { content, origin, absolute }: FeedContext,
  locale: Locale,
): Promise<ShowCalendarContext> {
  const settings = await content.fetch<SiteSettingsQueryResult>(siteSettingsQuery, { lang: locale })
  const { prefix } = CALENDAR_WORDS[locale]
  return {
    bandName: settings?.bandName || null,
    host: new URL(origin).hostname,
    absolute,
    showPath: (slug) => `${prefix}${showPath(slug)}`,
    locale,
  }
}

const productId = (context: ShowCalendarContext) => `-//${context.host}//Tour calendar//EN`

const notFound = (error: string) => ({
  status: 404,
  body: JSON.stringify({ error }),
  contentType: 'application/json; charset=utf-8',
})

/**
 * `/shows.ics` (the tour, for subscribing), `/shows/area/<slug>.ics` (an area's shows, for fans near it) and
 * `/shows/<slug>.ics` (one show, to add), each in English and under `/es/` in Spanish. Feeds like the RSS feed:
 * rendered once per content revision (ADR 090); their bytes depend on the content alone (server/shows/icalendar.ts,
 * ADR 120).
 */
/** The tour, for subscribing. */
function tourFeed(locale: Locale, words: CalendarWords): Feed {
  return {
    path: `${words.prefix}${SHOWS_FEED_PATH}`,
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const [context, records] = await Promise.all([
        calendarContext(feed, locale),
        feed.content.fetch<ShowCalendarQueryResult>(showCalendarQuery, {
          since: calendarSince(feed.now),
          lang: locale,
        }),
      ])
      const calendar: Calendar = {
        productId: productId(context),
        name: words.calendarName(context.bandName),
        description: words.tourDescription(context.absolute(`${words.prefix}/`)),
        source: {
          url: context.absolute(`${words.prefix}${SHOWS_FEED_PATH}`),
          refreshInterval: REFRESH_INTERVAL,
        },
        entries: await showCalendarEntriesInSlices(records, context),
      }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': 'inline; filename="shows.ics"' },
      }
    },
  }
}

/** An area's shows, for fans near it. */
function areaFeed(locale: Locale, words: CalendarWords): Feed {
  return {
    path: `${words.prefix}/shows/area/:area.ics`,
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const area = String(feed.params.area)
      const [context, found] = await Promise.all([
        calendarContext(feed, locale),
        feed.content.fetch<AreaCalendarQueryResult>(areaCalendarQuery, {
          area,
          since: calendarSince(feed.now),
          lang: locale,
        }),
      ])
      if (!found.area) return notFound(words.noArea)
      const areaName = found.area.name ?? area
      const calendar: Calendar = {
        productId: productId(context),
        name: `${words.calendarName(context.bandName)}: ${areaName}`,
        description: words.areaDescription(
          areaName,
          context.absolute(`${words.prefix}${upcomingShowsPagePath(1, area)}`),
        ),
        source: {
          url: context.absolute(`${words.prefix}${areaFeedPath(area)}`),
          refreshInterval: REFRESH_INTERVAL,
        },
        entries: showCalendarEntries(found.shows, context),
      }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': `inline; filename="${encodeURIComponent(area)}.ics"` },
      }
    },
  }
}

/** One show, to add. */
function showFeed(locale: Locale, words: CalendarWords): Feed {
  return {
    path: `${words.prefix}/shows/:slug.ics`,
    contentType: CALENDAR_TYPE,
    render: async (feed) => {
      const slug = String(feed.params.slug)
      const [context, record] = await Promise.all([
        calendarContext(feed, locale),
        feed.content.fetch<ShowCalendarEntryQueryResult>(showCalendarEntryQuery, { slug, lang: locale }),
      ])
      const entries = record ? showCalendarEntries([record], context) : []
      if (entries.length === 0) return notFound(words.noShow)
      const calendar: Calendar = {
        productId: productId(context),
        name: words.calendarName(context.bandName),
        entries,
      }
      return {
        status: 200,
        body: buildICalendar(calendar),
        headers: { 'content-disposition': `attachment; filename="${encodeURIComponent(slug)}.ics"` },
      }
    },
  }
}

export function calendarFeedsIn(locale: Locale): Feed[] {
  const words = CALENDAR_WORDS[locale]
  return [tourFeed(locale, words), areaFeed(locale, words), showFeed(locale, words)]
}

/** The calendars in English, and the same under /es/ in Spanish (ADR 193). */
export const calendarFeeds: Feed[] = [...calendarFeedsIn('en'), ...calendarFeedsIn('es')]
