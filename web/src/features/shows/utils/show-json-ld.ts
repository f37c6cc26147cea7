/**
 * A show page's structured data: one schema.org MusicEvent with what Google's Event rich result requires (name,
 * startDate with its offset, location as a Place with a PostalAddress) and recommends (description, eventStatus,
 * image, offers, organizer, performer). ADR 120 maps the statuses.
 */
import type { Locale } from '../../../lib/i18n/locale-contract'
import { localizedPath } from '../../../lib/i18n/localized-path-contract'
import type { EventStatus } from '../../events'
import { hasImage, type ImageRef, type ImageUrlFactory } from '../../../lib/image-url'
import { schemaPlace } from '../../../lib/schema-place'
import { showPath } from './show-paths'
import type { Show } from './show-rules'

const SCHEMA = 'https://schema.org/'

type Json = Record<string, unknown>

export type ShowJsonLdContext = {
  /** From the site settings; the event is named after the band when there is one. */
  bandName: string | null
  /** Absolute URLs of the home page and of this show's page. */
  homeUrl: string
  pageUrl: string
  /** Absolute image URLs, 16x9, 4x3 and 1x1 (showImages). */
  images: string[]
  description: string
  /** The page's language; the description and the page are in it (ADR 193). */
  locale?: Locale
}

/**
 * A show's addresses for its structured data on a page in `locale`: the band's home (its `@id`, one for every
 * language) and the show's page in the page's language (`/es/shows/<slug>` on a Spanish page).
 */
export function showJsonLdUrls(
  absolute: (path: string) => string,
  locale: Locale,
  slug: string,
): Pick<ShowJsonLdContext, 'homeUrl' | 'pageUrl'> {
  return { homeUrl: absolute('/'), pageUrl: absolute(localizedPath(locale, showPath(slug))) }
}

/** Google asks for several aspect ratios, each at least 1200 px wide in the widest case. */
const IMAGE_BOXES = [
  { width: 1200, height: 675 },
  { width: 1200, height: 900 },
  { width: 1200, height: 1200 },
]

/** The picture in 16x9, 4x3 and 1x1, cropped around the editor's hotspot by the image URL builder. */
export function showImages(
  image: ImageRef | undefined,
  imageUrl: ImageUrlFactory,
  absolute: (path: string) => string,
): string[] {
  if (!hasImage(image)) return []
  return IMAGE_BOXES.map((box) => absolute(imageUrl(image, box)))
}

/** `<band name> at Land+Sky` with the band's name from the settings, else the venue alone. */
export function showName(show: Pick<Show, 'venue'>, bandName: string | null): string {
  return bandName ? `${bandName} at ${show.venue}` : `Live at ${show.venue}`
}

function eventStatus(show: Show): string {
  if (show.status === 'cancelled') return `${SCHEMA}EventCancelled`
  if (show.status === 'postponed')
    return `${SCHEMA}${show.rescheduled ? 'EventRescheduled' : 'EventPostponed'}`
  return `${SCHEMA}EventScheduled`
}

const AVAILABILITY: Record<EventStatus, string | null> = {
  onSale: `${SCHEMA}InStock`,
  soldOut: `${SCHEMA}SoldOut`,
  // Tickets bought for a postponed show stay valid, and sales go on.
  postponed: `${SCHEMA}InStock`,
  // A cancelled show sells nothing: no offer at all.
  cancelled: null,
}

function offers(show: Show, pageUrl: string): Json | null {
  const availability = AVAILABILITY[show.status]
  if (!availability) return null
  return {
    '@type': 'Offer',
    url: show.ticketUrl ?? pageUrl,
    availability,
    ...(show.price !== null && show.currency ? { price: show.price, priceCurrency: show.currency } : {}),
  }
}

export function buildShowJsonLd(show: Show, context: ShowJsonLdContext): Json {
  const band = context.bandName
    ? {
        '@type': 'MusicGroup',
        '@id': `${context.homeUrl}#band`,
        name: context.bandName,
        url: context.homeUrl,
      }
    : null
  const offer = offers(show, context.pageUrl)
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    '@id': `${context.pageUrl}#event`,
    name: showName(show, context.bandName),
    description: context.description,
    inLanguage: context.locale ?? 'en',
    url: context.pageUrl,
    startDate: show.start.iso,
    ...(show.doors ? { doorTime: show.doors.iso } : {}),
    ...(show.previousStart ? { previousStartDate: show.previousStart.iso } : {}),
    eventStatus: eventStatus(show),
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: schemaPlace(show),
    ...(context.images.length > 0 ? { image: context.images } : {}),
    ...(offer ? { offers: offer } : {}),
    ...(band ? { performer: band, organizer: band } : {}),
  }
}
