import { readFileSync } from 'node:fs'
import { suggestArea, type AreaCoverage } from '../../../studio/schema-types/area-match'
import { CITIES, VENUE_KINDS, type City } from './cities'
import { localDate, zonedInstant } from './local-time'
import { seededRandom, type Random } from './prng'
import { SONGS, paragraph, slugify } from './text'

/** How much history the generated band has. */
export type ContentSize = { shows: number; posts: number; media: number }

type Doc = Record<string, unknown> & { _id: string; _type: string }

const DAY_MS = 24 * 60 * 60 * 1000
const YEAR_MS = 365.25 * DAY_MS
/** Seed images the generated documents reuse (content/seed/images): the import de-duplicates them by content. */
const PHOTOS = [
  'band-performance-1.jpg',
  'band-performance-2.jpg',
  'band-backstage.jpg',
  'band-rehearsal.jpg',
  'full-band-setup.jpg',
  'marisol-performance.jpg',
  'rafa-drums.jpg',
  'news-anniversary.jpg',
  'news-alma-oeste.jpg',
]
const STREETS = ['Main St', 'Calle Hidalgo', 'Av. Juárez', 'Broadway', 'Mission St', 'Calle 5 de Mayo']
const VENUE_NAMES = ['del Sol', 'Juárez', 'Central', 'Municipal', 'Paramount', 'Rialto', 'Fillmore', 'Azteca']

const image = (file: string, alt: string) => ({
  _type: 'image',
  _sanityAsset: `image@file://./images/${file}`,
  alt,
})
const ref = (id: string, key: string) => ({ _type: 'reference', _ref: id, _key: key })
const block = (key: string, text: string) => ({
  _type: 'block',
  _key: key,
  style: 'normal',
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }],
})

/** Two venues per city, named the same on every run. */
function venueOf(random: Random, city: City): string {
  const kind = random.pick(VENUE_KINDS)
  return kind.startsWith('The ') ? `${kind} of ${city.city}` : `${kind} ${random.pick(VENUE_NAMES)}`
}

function statusOf(random: Random, past: boolean): string {
  const roll = random.next()
  if (roll < 0.05) return 'cancelled'
  if (roll < 0.09) return 'postponed'
  return roll < (past ? 0.45 : 0.25) ? 'soldOut' : 'onSale'
}

/** A price as a venue of that country lists it: whole or half dollars, pesos in fifties. */
function priceOf(random: Random, city: City) {
  if (!random.chance(0.7)) return {}
  return city.country === 'US'
    ? { price: random.int(30, 170) / 2, currency: 'USD' }
    : { price: random.int(5, 24) * 50, currency: 'MXN' }
}

type Place = { city: City; venue: string }

/** The seed's areas, as the Studio's suggestion reads them. */
function seedAreas(): AreaCoverage[] {
  const seed = readFileSync(new URL('../../../content/seed/production.ndjson', import.meta.url), 'utf8')
  return seed
    .split('\n')
    .filter((line) => line.includes('"_type":"area"'))
    .map((line) => JSON.parse(line) as AreaCoverage & { name: { en: string } })
    .map((area) => ({ ...area, name: area.name.en }))
}

function show(
  random: Random,
  index: number,
  startsAt: Date,
  now: Date,
  { city, venue }: Place,
  mediaId?: string,
  area?: AreaCoverage | null,
) {
  const past = startsAt.getTime() < now.getTime()
  const status = statusOf(random, past)
  const date = localDate(city.timeZone, startsAt)
  const slug = `${date}-${slugify(venue)}-${slugify(city.city)}-${index}`
  return {
    _id: `event-scale-${String(index).padStart(5, '0')}`,
    _type: 'event',
    slug: { _type: 'slug', current: slug },
    startsAt: startsAt.toISOString(),
    timeZone: city.timeZone,
    venue,
    city: city.city,
    region: city.region,
    country: city.country,
    address: `${random.int(10, 4999)} ${random.pick(STREETS)}`,
    postalCode: String(random.int(10000, 99999)),
    doorsTime: '19:00',
    status,
    ...(status === 'postponed'
      ? { originalStartsAt: new Date(startsAt.getTime() - random.int(30, 120) * DAY_MS).toISOString() }
      : {}),
    ...(status === 'onSale' || status === 'soldOut'
      ? { ticketUrl: `https://tickets.example.com/los-forasteros/${slug}` }
      : {}),
    ...priceOf(random, city),
    ...(random.chance(0.3) ? { notes: { _type: 'localeText', en: paragraph(random, 2) } } : {}),
    ...(past && random.chance(0.4)
      ? { setlist: Array.from({ length: random.int(8, 14) }, () => random.pick(SONGS)) }
      : {}),
    ...(mediaId ? { media: [ref(mediaId, 'photo')] } : {}),
    ...(area ? { area: { _type: 'reference', _ref: area._id } } : {}),
  }
}

/** `count` shows, oldest first, ten years back from `now` and one year ahead, at 20:00 in the venue's zone. */
function shows(random: Random, count: number, now: Date, mediaIds: string[]): Doc[] {
  const venues = new Map(CITIES.map((city) => [city, [venueOf(random, city), venueOf(random, city)]]))
  // Each show in the area the Studio suggests for its city, as a band manager would take it (none elsewhere).
  const areas = seedAreas()
  const areaOf = new Map(CITIES.map((city) => [city, suggestArea(areas, city)]))
  const first = now.getTime() - 10 * YEAR_MS
  return Array.from({ length: count }, (_, i) => {
    const city = random.pick(CITIES)
    const day = new Date(first + (i / count) * 11 * YEAR_MS + random.int(0, 2) * DAY_MS)
    const startsAt = zonedInstant(
      city.timeZone,
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      20,
    )
    // The media items are photos of past shows, one each, from the oldest on.
    const place = { city, venue: random.pick(venues.get(city)!) }
    return show(random, i, startsAt, now, place, mediaIds[i], areaOf.get(city))
  })
}

function posts(random: Random, count: number, now: Date): Doc[] {
  const first = now.getTime() - 10 * YEAR_MS
  return Array.from({ length: count }, (_, i) => {
    const city = random.pick(CITIES)
    const title = `${random.pick(['Notes from', 'Back from', 'On the road to', 'Thank you,', 'Tonight in'])} ${city.city}`
    return {
      _id: `news-scale-${String(i).padStart(5, '0')}`,
      _type: 'newsPost',
      title,
      slug: { _type: 'slug', current: `${slugify(title)}-${i}` },
      publishedAt: new Date(first + ((i + 0.5) / count) * 10 * YEAR_MS).toISOString(),
      excerpt: paragraph(random, 1),
      ...(random.chance(0.6)
        ? {
            coverImage: { ...image(random.pick(PHOTOS), `The band in ${city.city}`), credit: 'Julia Ferrer' },
          }
        : {}),
      body: Array.from({ length: random.int(3, 6) }, (_, p) =>
        block(`p${p}`, paragraph(random, random.int(3, 6))),
      ),
    }
  })
}

function mediaItems(random: Random, count: number): Doc[] {
  return Array.from({ length: count }, (_, i) => {
    const youtube = random.chance(0.4)
    const youtubeId = Array.from({ length: 11 }, () =>
      random.pick([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']),
    ).join('')
    const photo = image(random.pick(PHOTOS), 'Los Forasteros on stage')
    return {
      _id: `media-scale-${String(i).padStart(5, '0')}`,
      _type: 'mediaItem',
      slug: { _type: 'slug', current: youtube ? youtubeId : `scale-photo-${i}` },
      kind: youtube ? 'youtube' : 'image',
      ...(youtube ? { youtubeId, poster: photo } : { image: photo }),
      caption: `Live, ${paragraph(random, 1).toLowerCase()}`,
      credit: random.pick(['Julia Ferrer', 'Tomás Arriaga', 'Inés Montaño']),
      alt: 'The band playing for a crowd',
    }
  })
}

/**
 * Ten years of a touring band's content, the same for the same `seed` and `now`: shows in 60 cities and 11
 * zones with USD and MXN prices and every status, news posts, and media items (photos of past shows, referenced
 * from them; the home page's gallery keeps the seed's items). Referenced documents come first.
 */
export function generateContent(size: ContentSize, now: Date, seed = 37): Doc[] {
  const random = seededRandom(seed)
  const media = mediaItems(random, size.media)
  return [
    ...media,
    ...shows(
      random,
      size.shows,
      now,
      media.map((m) => m._id),
    ),
    ...posts(random, size.posts, now),
  ]
}
