import { CalendarIcon } from '@sanity/icons'
import { defineField, defineType } from 'sanity'
import { isSlugUnique, validateCurrency, validateHttpUrl, validateTimeZone } from '../validation'

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

export function eventPreviewSubtitle(startsAt?: string, timeZone?: string, status?: string): string {
  const label = EVENT_STATUSES.find((s) => s.value === status)?.title
  if (!startsAt) return label ?? 'No date yet'
  let date: string
  try {
    date = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeZone: timeZone || undefined,
    }).format(new Date(startsAt))
  } catch {
    date = startsAt.slice(0, 10)
  }
  return label ? `${date} · ${label}` : date
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
      description: 'When doors open or the show starts, in the venue’s local time.',
      validation: (rule) => rule.required(),
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
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'slug',
      type: 'slug',
      description: 'Identifies the event in links; generated from the date and venue.',
      options: {
        source: (doc) => [String(doc.startsAt ?? '').slice(0, 10), doc.venue].filter(Boolean).join(' '),
        maxLength: 96,
        isUnique: isSlugUnique,
      },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'city', type: 'string', validation: (rule) => rule.required().max(80) }),
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
      description: 'Optional street address, used in search-engine data.',
    }),
    defineField({
      name: 'status',
      type: 'string',
      description: 'Sold out, cancelled and postponed shows have no ticket link on the site.',
      options: { list: [...EVENT_STATUSES], layout: 'radio', direction: 'horizontal' },
      initialValue: 'onSale',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'ticketUrl',
      title: 'Ticket URL',
      type: 'url',
      description: 'The ticketing page fans go to from the "Tickets" button.',
      validation: (rule) =>
        rule.custom(validateHttpUrl).custom((value, context) => {
          const status = (context.document as { status?: string } | undefined)?.status
          return status === 'onSale' && !value ? 'An event on sale needs a ticket link' : true
        }),
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
        rule.custom(validateCurrency).custom((value, context) => {
          const price = (context.document as { price?: number } | undefined)?.price
          return price !== undefined && !value ? 'A price needs its currency' : true
        }),
    }),
  ],
  orderings: [
    { title: 'Date, newest first', name: 'startsAtDesc', by: [{ field: 'startsAt', direction: 'desc' }] },
    { title: 'Date, oldest first', name: 'startsAtAsc', by: [{ field: 'startsAt', direction: 'asc' }] },
  ],
  preview: {
    select: { venue: 'venue', city: 'city', startsAt: 'startsAt', timeZone: 'timeZone', status: 'status' },
    prepare: ({ venue, city, startsAt, timeZone, status }) => ({
      title: eventPreviewTitle(venue, city),
      subtitle: eventPreviewSubtitle(startsAt, timeZone, status),
    }),
  },
})
