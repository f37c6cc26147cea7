import { CalendarIcon } from '@sanity/icons/Calendar'
import { defineField, defineType } from 'sanity'
import { AREAS_QUERY, validateShowArea, type AreaCoverage } from '../area-match'
import { choiceField, slugField } from '../fields'
import { AreaInput } from '../inputs/area-input'
import { localeField } from '../objects/locale-fields'
import {
  neededWhen,
  validateCurrency,
  validateDoorsTime,
  validateHttpUrl,
  validateOriginalStart,
  validateShowSlug,
  validateTimeZone,
  validateUniqueReferences,
} from '../validation'

export const EVENT_STATUSES = [
  { title: 'On sale', value: 'onSale' },
  { title: 'Sold out', value: 'soldOut' },
  { title: 'Cancelled', value: 'cancelled' },
  { title: 'Postponed', value: 'postponed' },
] as const

/** "Nov 6 2025 · The Arlington Theatre, Santa Barbara": how an event reads in lists and references. */
export function eventPreviewTitle(venue?: string, city?: string): string {
  return [venue, city].filter(Boolean).join(', ') || 'New event'
}

/** The show's public address, as the preview shows it (web/src/features/shows/utils/show-paths.ts). */
export function eventPreviewUrl(slug?: string): string | undefined {
  return slug ? `/shows/${slug}` : undefined
}

export function eventPreviewSubtitle(
  startsAt?: string,
  timeZone?: string,
  status?: string,
  slug?: string,
): string {
  const label = EVENT_STATUSES.find((s) => s.value === status)?.title
  const url = eventPreviewUrl(slug)
  if (!startsAt) return [label ?? 'No date yet', url].filter(Boolean).join(' · ')
  let date: string
  try {
    date = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeZone: timeZone || undefined,
    }).format(new Date(startsAt))
  } catch {
    date = startsAt.slice(0, 10)
  }
  return [date, label, url].filter(Boolean).join(' · ')
}

/** The venue's calendar date of an ISO instant (`YYYY-MM-DD`), or the UTC date when the zone is unusable. */
function localDate(startsAt: string, timeZone?: string): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: timeZone || 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date(startsAt))
  } catch {
    return startsAt.slice(0, 10)
  }
}

/**
 * What the slug is generated from: the show's date as the venue's calendar shows it (a 20:00 show in Ventura is
 * 03:00 UTC the next day), venue and city.
 */
export function eventSlugSource(doc: Record<string, unknown>) {
  const startsAt = typeof doc.startsAt === 'string' ? doc.startsAt : ''
  const date = startsAt
    ? localDate(startsAt, typeof doc.timeZone === 'string' ? doc.timeZone : undefined)
    : ''
  return [date, doc.venue, doc.city].filter(Boolean).join(' ')
}

/** One show of the tour: the events list on the home page and the site's structured data. */
export const eventType = defineType({
  name: 'event',
  title: 'Event',
  type: 'document',
  icon: CalendarIcon,
  fields: [
    defineField({
      name: 'startsAt',
      title: 'Date and time',
      type: 'datetime',
      description: 'When the show starts, in the venue’s local time.',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'doorsTime',
      title: 'Doors open',
      type: 'string',
      description: 'Optional: when doors open on the day, in the venue’s time, as HH:MM (e.g. 18:30).',
      validation: (rule) => rule.custom((value, context) => validateDoorsTime(value, context.document)),
    }),
    defineField({
      name: 'timeZone',
      title: 'Time zone',
      type: 'string',
      description:
        'The venue’s time zone (e.g. America/Los_Angeles). The site shows dates in it and decides from it when a show is past.',
      initialValue: 'America/Los_Angeles',
      validation: (rule) => rule.required().custom(validateTimeZone),
    }),
    defineField({
      name: 'venue',
      type: 'string',
      description: 'The room or place as fans know it, e.g. "The Arlington Theatre".',
      validation: (rule) => rule.required().max(120),
    }),
    slugField({
      description: 'The show’s address on the site, /shows/<slug>; generated from the date, venue and city.',
      source: (doc) => eventSlugSource(doc),
      validate: validateShowSlug,
    }),
    defineField({
      name: 'city',
      type: 'string',
      description: 'The town, without the state, e.g. "Santa Barbara".',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'region',
      type: 'string',
      description: 'State or province as shown after the city, e.g. CA.',
      initialValue: 'CA',
    }),
    defineField({
      name: 'country',
      type: 'string',
      description: 'Two-letter country code, e.g. US or MX.',
      initialValue: 'US',
      validation: (rule) =>
        rule
          .required()
          .regex(/^[A-Z]{2}$/, { name: 'country code' })
          .error('Use a two-letter country code such as US or MX'),
    }),
    defineField({
      name: 'address',
      type: 'string',
      description: 'Street address of the venue, shown with a map link and used in search-engine data.',
      validation: (rule) => rule.max(160),
    }),
    defineField({
      name: 'postalCode',
      title: 'Postal code',
      type: 'string',
      description:
        'Optional; completes the address on the show page, in its calendar entry and for search engines.',
      validation: (rule) => rule.max(20),
    }),
    defineField({
      name: 'area',
      type: 'reference',
      to: [{ type: 'area' }],
      description:
        'Where fans who follow an area hear of this show. The area of the venue’s city or state is suggested below it.',
      components: { input: AreaInput },
      validation: (rule) =>
        rule
          .custom((value, context) =>
            validateShowArea(value as { _ref?: string } | undefined, context.document as never, () =>
              context
                .getClient({ apiVersion: '2025-02-19' })
                .fetch<AreaCoverage[]>(AREAS_QUERY, {}, { tag: 'studio.show-area' }),
            ),
          )
          .warning(),
    }),
    defineField({
      name: 'notifyFans',
      title: 'Notify fans',
      type: 'boolean',
      description:
        'When the show is first published, the subscribers of its area get a mail (sent once; edits send nothing). Switch off for a show not to announce.',
      initialValue: true,
    }),
    choiceField({
      name: 'status',
      description: 'Sold out, cancelled and postponed shows have no ticket link on the site.',
      list: EVENT_STATUSES,
      initialValue: 'onSale',
    }),
    defineField({
      name: 'originalStartsAt',
      title: 'Originally scheduled for',
      type: 'datetime',
      description:
        'For a postponed show with its new date above: the date it was first announced for. Leave empty while the new date is unknown.',
      hidden: ({ document }) => document?.status !== 'postponed' && !document?.originalStartsAt,
      validation: (rule) => rule.custom((value, context) => validateOriginalStart(value, context.document)),
    }),
    defineField({
      name: 'ticketUrl',
      title: 'Ticket URL',
      type: 'url',
      description: 'The ticketing page fans go to from the "Tickets" button.',
      validation: (rule) =>
        rule
          .custom(validateHttpUrl)
          .custom(
            neededWhen('status', (status) => status === 'onSale', 'An event on sale needs a ticket link'),
          ),
    }),
    defineField({
      name: 'price',
      type: 'number',
      description: 'Optional lowest ticket price, for search-engine data.',
      validation: (rule) => rule.min(0).precision(2),
    }),
    defineField({
      name: 'currency',
      type: 'string',
      description: 'Three-letter code of the price, e.g. USD.',
      initialValue: 'USD',
      validation: (rule) =>
        rule
          .custom(validateCurrency)
          .custom(neededWhen('price', (price) => price !== undefined, 'A price needs its currency')),
    }),
    localeField({
      name: 'notes',
      type: 'localeText',
      description:
        'Optional: a note for fans on the show’s page (support act, age limit; after the show, how it went).',
      max: 2000,
    }),
    defineField({
      name: 'setlist',
      type: 'array',
      description: 'Optional: the songs played, in order, shown on the show’s page once it is past.',
      of: [{ type: 'string' }],
      validation: (rule) => rule.max(60),
    }),
    defineField({
      name: 'media',
      title: 'Related media',
      type: 'array',
      description: 'Photos and videos from this show, shown on its page.',
      of: [{ type: 'reference', to: [{ type: 'mediaItem' }] }],
      validation: (rule) => rule.max(12).custom(validateUniqueReferences),
    }),
  ],
  orderings: [
    { title: 'Date, newest first', name: 'startsAtDesc', by: [{ field: 'startsAt', direction: 'desc' }] },
    { title: 'Date, oldest first', name: 'startsAtAsc', by: [{ field: 'startsAt', direction: 'asc' }] },
  ],
  preview: {
    select: {
      venue: 'venue',
      city: 'city',
      startsAt: 'startsAt',
      timeZone: 'timeZone',
      status: 'status',
      slug: 'slug.current',
    },
    prepare: ({ venue, city, startsAt, timeZone, status, slug }) => ({
      title: eventPreviewTitle(venue, city),
      subtitle: eventPreviewSubtitle(startsAt, timeZone, status, slug),
    }),
  },
})
