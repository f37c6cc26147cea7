/**
 * Structured data for the home page: the band as a schema.org MusicGroup with every show as a MusicEvent, and
 * the media grid as an ItemList. Built from the same data as the visible list (docs/fan-site-rules.md §10), so an offer's
 * availability always matches the status a visitor sees.
 */
import type { SiteSettings } from '../../features/site/api/get-site-settings'
import type { GalleryItem } from '../../features/media/api/get-gallery-items'
import type { EventStatus, ListedEvent } from '../../features/events/utils/event-rules'
import type { ImageUrlFactory } from '../../lib/image-url'
import { hasImage } from '../../lib/image-url'
import { safeLinkUrl } from '../../lib/safe-url'
import { schemaPlace } from '../../lib/schema-place'
import { bandNameOf } from '../../config/public-config'
import type { Locale } from '../../lib/i18n/locale-contract'
import { localizedPath } from '../../lib/i18n/localized-path-contract'
import { showPath } from '../../features/shows/utils/show-paths'

const SCHEMA = 'https://schema.org/'

const AVAILABILITY: Record<EventStatus, string> = {
  onSale: `${SCHEMA}InStock`,
  soldOut: `${SCHEMA}SoldOut`,
  cancelled: `${SCHEMA}Discontinued`,
  postponed: `${SCHEMA}InStock`,
}

const EVENT_STATUS: Record<EventStatus, string> = {
  onSale: `${SCHEMA}EventScheduled`,
  soldOut: `${SCHEMA}EventScheduled`,
  cancelled: `${SCHEMA}EventCancelled`,
  postponed: `${SCHEMA}EventPostponed`,
}

export type JsonLdInput = {
  settings: SiteSettings | null
  events: ListedEvent[]
  media: GalleryItem[]
  /** Absolute URL of the (English) home page: the band's `@id` is the same on every page and language. */
  homeUrl: string
  /** The page's language (ADR 193): the group's `url` and each show's are that language's pages. */
  locale?: Locale
  imageUrl: ImageUrlFactory
  absolute: (pathOrUrl: string) => string
}

type Json = Record<string, unknown>

function musicEvent(event: ListedEvent, bandName: string, input: JsonLdInput, image?: string): Json {
  const locale = input.locale ?? 'en'
  // The show's own page in the page's language; a show without one is in the home page's list.
  const eventsUrl = input.absolute(localizedPath(locale, event.slug ? showPath(event.slug) : '/#events'))
  const offer: Json = {
    '@type': 'Offer',
    availability: AVAILABILITY[event.status],
    url: safeLinkUrl(event.ticketUrl) ?? eventsUrl,
  }
  if (event.price !== null && event.price !== undefined) {
    offer.price = event.price
    offer.priceCurrency = event.currency ?? 'USD'
  }
  return {
    '@type': 'MusicEvent',
    name: `${bandName} at ${event.venue}`,
    startDate: event.startDate,
    eventStatus: EVENT_STATUS[event.status],
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    url: eventsUrl,
    ...(image ? { image } : {}),
    location: schemaPlace(event),
    performer: { '@type': 'MusicGroup', name: bandName },
    offers: offer,
  }
}

function mediaObject(item: GalleryItem, input: JsonLdInput): Json {
  const picture = item.kind === 'image' ? item.image : item.poster
  const pictureUrl = hasImage(picture) ? input.absolute(input.imageUrl(picture, { width: 1200 })) : undefined
  const name = item.caption || item.alt || item.slug || 'Media'
  const url = input.absolute(`/?media=${encodeURIComponent(item.slug ?? '')}`)
  if (item.kind === 'youtube' || item.kind === 'video') {
    return {
      '@type': 'VideoObject',
      name,
      description: item.alt || name,
      url,
      ...(pictureUrl
        ? { thumbnailUrl: pictureUrl }
        : item.youtubeId
          ? { thumbnailUrl: `https://i.ytimg.com/vi/${item.youtubeId}/hqdefault.jpg` }
          : {}),
      ...(item.youtubeId ? { embedUrl: `https://www.youtube-nocookie.com/embed/${item.youtubeId}` } : {}),
      ...(safeLinkUrl(item.videoUrl) ? { contentUrl: input.absolute(safeLinkUrl(item.videoUrl)!) } : {}),
      ...(item.credit ? { creator: { '@type': 'Person', name: item.credit } } : {}),
    }
  }
  return {
    '@type': 'ImageObject',
    name,
    url,
    ...(pictureUrl ? { contentUrl: pictureUrl } : {}),
    ...(item.alt ? { description: item.alt } : {}),
    ...(item.credit ? { creator: { '@type': 'Person', name: item.credit }, creditText: item.credit } : {}),
  }
}

export function buildHomeJsonLd(input: JsonLdInput): Json {
  const { settings, events, media, homeUrl } = input
  const bandName = bandNameOf(settings)
  const logo = settings?.logo
  const ogImage = settings?.ogImage
  const image = hasImage(ogImage)
    ? input.absolute(input.imageUrl(ogImage, { width: 1200, height: 630 }))
    : undefined
  const sameAs = (settings?.socialLinks ?? [])
    .map((link) => safeLinkUrl(link.url))
    .filter((url): url is string => !!url)
  const group: Json = {
    '@type': 'MusicGroup',
    '@id': `${homeUrl}#band`,
    name: bandName,
    url: input.absolute(localizedPath(input.locale ?? 'en', '/')),
    inLanguage: input.locale ?? 'en',
    ...(settings?.description ? { description: settings.description } : {}),
    ...(hasImage(logo) ? { logo: input.absolute(input.imageUrl(logo, { width: 600 })) } : {}),
    ...(image ? { image } : {}),
    ...(settings?.bookingEmail ? { email: settings.bookingEmail } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    event: events.map((event) => musicEvent(event, bandName, input, image)),
  }
  const mediaList: Json = {
    '@type': 'ItemList',
    name: `${bandName} media`,
    numberOfItems: media.length,
    itemListElement: media.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: mediaObject(item, input),
    })),
  }
  return { '@context': 'https://schema.org', '@graph': [group, mediaList] }
}
