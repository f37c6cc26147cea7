import type { SanityDocument } from '../content-api/engine'

/** A show as its announcement lists it, taken when it was first published (kept with the announcement). */
export type ShowSnapshot = {
  id: string
  slug: string | null
  startsAt: string
  timeZone: string
  venue: string
  city: string
  region: string | null
  country: string | null
  status: string
  ticketUrl: string | null
  /**
   * The area's slug and English name (a mail names the fan's areas in their language, from the catalog); null:
   * no area (only fans of everywhere hear of it).
   */
  area: { slug: string; name: string } | null
}

export type AreaLookup = (id: string) => { slug: string; name: string } | null

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

/** The show document as a snapshot; null when it has no usable date. */
export function snapshotOf(doc: SanityDocument, areaOf: AreaLookup): ShowSnapshot | null {
  const startsAt = text(doc.startsAt)
  if (!startsAt || Number.isNaN(Date.parse(startsAt))) return null
  const areaRef = (doc.area as { _ref?: unknown } | undefined)?._ref
  return {
    id: doc._id,
    slug: text((doc.slug as { current?: unknown } | undefined)?.current),
    startsAt,
    timeZone: text(doc.timeZone) ?? 'UTC',
    venue: text(doc.venue) ?? '',
    city: text(doc.city) ?? '',
    region: text(doc.region),
    country: text(doc.country),
    status: text(doc.status) ?? 'onSale',
    ticketUrl: text(doc.ticketUrl),
    area: typeof areaRef === 'string' ? areaOf(areaRef) : null,
  }
}

/**
 * Whether a published show is news for fans: a future date, not cancelled, and "Notify fans" not switched off
 * (a show from before the switch existed has no value, which counts as on).
 */
export function isAnnounceable(doc: SanityDocument, now: Date): boolean {
  return doc._type === 'event' && whyNotNews(doc, now) === null
}

/** Why publishing this show would announce nothing (the Studio's preview says so), or null when it would. */
export function whyNotNews(doc: SanityDocument, now: Date): string | null {
  const startsAt = Date.parse(text(doc.startsAt) ?? '')
  if (!Number.isFinite(startsAt) || startsAt <= now.getTime()) return 'its date has passed'
  if (doc.status === 'cancelled') return 'it is cancelled'
  if (doc.notifyFans === false) return '“Notify fans” is off'
  return null
}
