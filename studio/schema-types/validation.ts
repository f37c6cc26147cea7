/**
 * Validation rules written as plain functions, so they are unit-tested without a Studio. Schema types
 * call them from `Rule.custom(...)`; each returns `true` or the message the editor sees.
 */
import { getPublishedId } from '@sanity/client/csm'
import type { SlugValidationContext } from 'sanity'

/** YouTube video ids are 11 characters of [A-Za-z0-9_-]; editors often paste the whole URL instead. */
export const YOUTUBE_ID_PATTERN = /^[\w-]{11}$/

export function validateYouTubeId(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  if (typeof value !== 'string') return 'Must be text'
  if (YOUTUBE_ID_PATTERN.test(value)) return true
  const fromUrl = youTubeIdFromUrl(value)
  return fromUrl
    ? `Paste only the video id: ${fromUrl}`
    : 'A YouTube video id is 11 letters, digits, "-" or "_" (the part after "v=" in the video URL)'
}

/** Pulls the id out of the URL shapes editors paste (watch, youtu.be, embed, shorts). */
export function youTubeIdFromUrl(input: string): string | undefined {
  let url: URL
  try {
    url = new URL(input)
  } catch {
    return undefined
  }
  const host = url.hostname.replace(/^www\.|^m\./, '')
  const candidate =
    host === 'youtu.be'
      ? url.pathname.slice(1)
      : host.endsWith('youtube.com') || host.endsWith('youtube-nocookie.com')
        ? (url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live)\/([^/]+)/)?.[1])
        : undefined
  return candidate && YOUTUBE_ID_PATTERN.test(candidate) ? candidate : undefined
}

/** Empty is allowed (mark the field required separately); otherwise the site only links over http(s). */
export function validateHttpUrl(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  if (typeof value !== 'string') return 'Must be text'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Must be a full address starting with https://'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Must start with https:// or http://'
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return 'The address needs a domain name'
  return true
}

/** IANA time zone names such as America/Los_Angeles, as understood by Intl (and the site's date code). */
export function validateTimeZone(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  if (typeof value !== 'string') return 'Must be text'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return 'Use a time zone name such as America/Los_Angeles or Europe/Madrid'
  }
}

/** ISO 4217 codes (USD, EUR, MXN): three capital letters. */
export function validateCurrency(value: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
    ? true
    : 'Use a three-letter currency code such as USD, EUR or MXN'
}

type KeyedReference = { _key?: string; _ref?: string }

/** The gallery lists each media item once; a duplicate would show the same tile twice. */
export function validateUniqueReferences(items: unknown): true | string {
  if (!Array.isArray(items)) return true
  const seen = new Set<string>()
  for (const item of items as KeyedReference[]) {
    if (!item?._ref) continue
    if (seen.has(item._ref)) return 'The same media item is in the list twice'
    seen.add(item._ref)
  }
  return true
}

type MediaFields = {
  kind?: string
  youtubeId?: string
  image?: { asset?: { _ref?: string } }
  videoFile?: { asset?: { _ref?: string } }
}

/** Each kind of media item needs its own source; the others stay hidden and unused. */
export function validateMediaSource(document: unknown): true | string {
  const doc = document as MediaFields | undefined
  switch (doc?.kind) {
    case 'youtube':
      return doc.youtubeId ? true : 'A YouTube item needs its video id'
    case 'image':
      return doc.image?.asset?._ref ? true : 'An image item needs an uploaded image'
    case 'video':
      return doc.videoFile?.asset?._ref ? true : 'A video item needs an uploaded video file'
    default:
      return true
  }
}

/** Photos and videos shot by someone carry their credit on the site; YouTube videos credit themselves. */
export function validateCredit(value: unknown, document: unknown): true | string {
  const doc = document as MediaFields | undefined
  if (doc?.kind !== 'image' && doc?.kind !== 'video') return true
  return typeof value === 'string' && value.trim() !== ''
    ? true
    : 'Name the photographer or videographer (e.g. "Photo: Ana Ruiz")'
}

/** True when the image object around a field has an uploaded asset. */
export function hasAsset(parent: unknown): boolean {
  return Boolean((parent as { asset?: { _ref?: string } } | undefined)?.asset?._ref)
}

/** A picture shown with its photographer's name (band photo, news cover) needs the name once it has a picture. */
export function validatePhotoCredit(value: unknown, hasImage: boolean): true | string {
  if (!hasImage) return true
  return typeof value === 'string' && value.trim() !== ''
    ? true
    : 'Name the photographer (e.g. "Photo: Ana Ruiz")'
}

/** Screen readers read the alt text instead of the picture; it is required wherever a picture is shown. */
export function validateAlt(value: unknown, hasImage: boolean): true | string {
  if (!hasImage) return true
  return typeof value === 'string' && value.trim() !== ''
    ? true
    : 'Describe the picture for people who cannot see it'
}

/**
 * The GROQ used for slug uniqueness. Sanity's default check relies on `sanity::versionOf`, which our
 * embedded content API (groq-js) does not know, so the query sticks to plain GROQ that both backends run. Every
 * copy of the same document is one document: its published copy, its draft and its versions in any release (a
 * slug kept while the show is edited in a release is not taken by itself).
 */
export const SLUG_TAKEN_QUERY = `defined(*[_type == $type && slug.current == $slug && !(_id in [$draft, $published]) && !(_id in path($versions))][0]._id)`

/** Unique among documents of the same type, ignoring this document's own draft, published copy and versions. */
export async function isSlugUnique(slug: string, context: SlugValidationContext): Promise<boolean> {
  const { document, getClient } = context
  if (!document) return true
  const published = getPublishedId(document._id)
  const taken = await getClient({ apiVersion: '2025-02-19' }).fetch<boolean>(
    SLUG_TAKEN_QUERY,
    {
      type: document._type,
      slug,
      draft: `drafts.${published}`,
      published,
      versions: `versions.*.${published}`,
    },
    { perspective: 'raw', tag: 'studio.slug-unique' },
  )
  return !taken
}

/** `18:30`: a time of day on the 24-hour clock, as the doors time is entered. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

type EventTimes = { startsAt?: string; timeZone?: string; status?: string }

/** `HH:MM` of an instant in a zone, or null when either is unusable. */
function wallClock(iso: string | undefined, timeZone: string | undefined): string | null {
  const instant = iso ? new Date(iso) : null
  if (!instant || Number.isNaN(instant.getTime())) return null
  try {
    return new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone || 'UTC',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(instant)
  } catch {
    return null
  }
}

/** Doors open on the show's day, in the venue's time, before (or when) the show starts. */
export function validateDoorsTime(value: unknown, document: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  if (typeof value !== 'string' || !TIME_OF_DAY_PATTERN.test(value)) {
    return 'Write the time as HH:MM on the 24-hour clock, e.g. 18:30'
  }
  const event = document as EventTimes | undefined
  const showTime = wallClock(event?.startsAt, event?.timeZone)
  return showTime && value > showTime ? `Doors must open before the show starts (${showTime})` : true
}

/** A postponed show's original date: only for postponed shows, and not the new date itself. */
export function validateOriginalStart(value: unknown, document: unknown): true | string {
  if (value === undefined || value === null || value === '') return true
  const event = document as EventTimes | undefined
  if (event?.status !== 'postponed') return 'Only a postponed show has an original date; clear it'
  return value === event.startsAt ? 'The new date must differ from the original one' : true
}

/**
 * Show addresses are `/shows/<slug>` and `/shows/<slug>.ics`: lower-case words joined by hyphens, and never
 * `past`, which is the archive's address.
 */
export function validateShowSlug(value: unknown): true | string {
  const current = (value as { current?: string } | undefined)?.current
  if (!current) return true
  if (current === 'past') return '"past" is the address of the past shows page; choose another'
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(current)
    ? true
    : 'Use lower-case letters, digits and single hyphens (press Generate)'
}

/**
 * A value the rest of the document makes necessary: empty while `needs(document[field])` holds, it is refused
 * with `message` (a ticket link for a show on sale, a currency for a price).
 */
export function neededWhen(field: string, needs: (other: unknown) => boolean, message: string) {
  return (value: unknown, context: { document?: unknown }): string | true => {
    const other = (context.document as Record<string, unknown> | undefined)?.[field]
    return needs(other) && !value ? message : true
  }
}
