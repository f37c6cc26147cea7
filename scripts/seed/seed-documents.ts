/**
 * The seed dataset (docs/architecture.md §3): docs/fan-site-rules.md §2's events, media grid, popups and site copy, as Sanity documents in
 * export format. Images are `_sanityAsset` references to files in content/seed/images, which the content
 * API's import turns into image assets. The band, its members and every address at example.com are fictional.
 */

import type { Subject } from './scenes'

export type SeedImage = {
  file: string
  width: number
  height: number
  subject: Subject
  variant: number
  mood?: 'dusk' | 'day' | 'night'
}

type Block = {
  _type: 'block'
  _key: string
  style: 'normal' | 'h2' | 'h3'
  listItem?: 'bullet'
  level?: number
  markDefs: { _type: 'link'; _key: string; href: string }[]
  children: { _type: 'span'; _key: string; text: string; marks: string[] }[]
}

/** Portable Text paragraphs with stable keys (the keys must not change between runs of the generator). */
function paragraphs(prefix: string, texts: string[]): Block[] {
  return texts.map((text, i) => ({
    _type: 'block',
    _key: `${prefix}${i}`,
    style: 'normal',
    markDefs: [],
    children: [{ _type: 'span', _key: `${prefix}${i}s`, text, marks: [] }],
  }))
}

function heading(key: string, style: 'h2' | 'h3', text: string): Block {
  return {
    _type: 'block',
    _key: key,
    style,
    markDefs: [],
    children: [{ _type: 'span', _key: `${key}s`, text, marks: [] }],
  }
}

function bullets(prefix: string, texts: string[]): Block[] {
  return paragraphs(prefix, texts).map((block) => ({ ...block, listItem: 'bullet', level: 1 }))
}

/** A paragraph with one link in the middle. */
function linkParagraph(key: string, before: string, label: string, href: string, after: string): Block {
  return {
    _type: 'block',
    _key: key,
    style: 'normal',
    markDefs: [{ _type: 'link', _key: `${key}-link`, href }],
    children: [
      { _type: 'span', _key: `${key}s0`, text: before, marks: [] },
      { _type: 'span', _key: `${key}s1`, text: label, marks: [`${key}-link`] },
      { _type: 'span', _key: `${key}s2`, text: after, marks: [] },
    ],
  }
}

const image = (file: string, alt?: string) => ({
  _type: 'image',
  _sanityAsset: `image@file://./images/${file}`,
  ...(alt ? { alt } : {}),
})

/** A text in both languages (ADR 193): English and the Spanish written for the band's fans, not word for word. */
const text = (en: string, es?: string) => ({ _type: 'localeText', en, ...(es ? { es } : {}) })
const line = (en: string, es?: string) => ({ _type: 'localeString', en, ...(es ? { es } : {}) })

/** A picture shown on both languages' pages: its alt text in both. */
const localeImage = (name: string, en: string, es: string) => ({ ...image(name), alt: line(en, es) })

const file = (name: string) => ({ _type: 'file', _sanityAsset: `file@file://./files/${name}` })

const slug = (current: string) => ({ _type: 'slug', current })
const ref = (id: string, key?: string) => ({ _type: 'reference', _ref: id, ...(key ? { _key: key } : {}) })

// ---------------------------------------------------------------------------------------------- images

export const seedImages: SeedImage[] = [
  { file: 'hero-poster.jpg', width: 1600, height: 900, subject: 'band', variant: 0.55 },
  { file: 'hero-fallback.jpg', width: 1600, height: 900, subject: 'cactus', variant: 0.35, mood: 'night' },
  { file: 'band-photo.jpg', width: 1920, height: 800, subject: 'band', variant: 0.8, mood: 'day' },
  { file: 'og-image.jpg', width: 1200, height: 630, subject: 'jarana', variant: 0.4 },
  { file: 'logo.png', width: 600, height: 600, subject: 'logo', variant: 0 },
  { file: 'tour-promo-poster.jpg', width: 900, height: 1200, subject: 'poster', variant: 0.3 },
  { file: 'band-performance-1.jpg', width: 1200, height: 900, subject: 'crowd', variant: 0.2 },
  { file: 'band-rehearsal.jpg', width: 1200, height: 900, subject: 'jarana', variant: 0.75, mood: 'day' },
  { file: 'marisol-performance.jpg', width: 1200, height: 900, subject: 'figure', variant: 0.6 },
  { file: 'band-backstage.jpg', width: 1200, height: 900, subject: 'band', variant: 0.15, mood: 'night' },
  { file: 'full-band-setup.jpg', width: 1200, height: 900, subject: 'drums', variant: 0.5, mood: 'day' },
  { file: 'elena-portrait.jpg', width: 900, height: 1200, subject: 'figure', variant: 0.3, mood: 'day' },
  { file: 'rafa-drums.jpg', width: 1200, height: 900, subject: 'drums', variant: 0.85 },
  { file: 'band-performance-2.jpg', width: 1200, height: 900, subject: 'crowd', variant: 0.7, mood: 'night' },
  {
    file: 'poster-live-session.jpg',
    width: 1280,
    height: 720,
    subject: 'band',
    variant: 0.25,
    mood: 'night',
  },
  { file: 'poster-alma-oeste-blend.jpg', width: 1280, height: 720, subject: 'jarana', variant: 0.15 },
  { file: 'poster-alma-oeste.jpg', width: 1280, height: 720, subject: 'cactus', variant: 0.65 },
  {
    file: 'poster-intoxicated.jpg',
    width: 1280,
    height: 720,
    subject: 'figure',
    variant: 0.9,
    mood: 'night',
  },
  { file: 'poster-la-bamba.jpg', width: 1280, height: 720, subject: 'crowd', variant: 0.45, mood: 'day' },
  { file: 'poster-cascabel.jpg', width: 1280, height: 720, subject: 'jarana', variant: 0.95, mood: 'day' },
  { file: 'poster-colas-breakdown.jpg', width: 1280, height: 720, subject: 'drums', variant: 0.1 },
  { file: 'news-anniversary.jpg', width: 1200, height: 675, subject: 'cactus', variant: 0.8, mood: 'dusk' },
  { file: 'news-alma-oeste.jpg', width: 1200, height: 675, subject: 'jarana', variant: 0.5, mood: 'night' },
]

// ---------------------------------------------------------------------------------------------- events

const LOS_ANGELES = 'America/Los_Angeles'
export const LAND_SKY_TICKETS = 'https://tickets.example.com/los-forasteros/land-and-sky-2025-10-25'

/** Where the band tours, as the band manager names it: fans choose areas, and each show belongs to one. */
const area = (
  slugName: string,
  name: { en: string; es: string },
  coverage: {
    country: string
    regions?: string[]
    cities?: string[]
    centre: { lat: number; lng: number }
    radiusKm: number
  },
) => ({
  _id: `area-${slugName}`,
  _type: 'area',
  name: line(name.en, name.es),
  slug: slug(slugName),
  ...coverage,
})

const areas = [
  area(
    'central-coast',
    { en: 'Central Coast', es: 'Costa Central' },
    {
      country: 'US',
      cities: ['Santa Barbara', 'Ojai', 'Ventura', 'Somis', 'San Luis Obispo', 'Santa Maria'],
      centre: { lat: 34.42, lng: -119.7 },
      radiusKm: 120,
    },
  ),
  area(
    'southern-california',
    { en: 'Southern California', es: 'Sur de California' },
    {
      country: 'US',
      regions: ['CA'],
      cities: ['Los Angeles', 'Laguna Beach', 'Irvine', 'San Diego', 'Long Beach', 'Pasadena'],
      centre: { lat: 33.9, lng: -117.9 },
      radiusKm: 150,
    },
  ),
  area(
    'bay-area',
    { en: 'Bay Area', es: 'Área de la Bahía' },
    {
      country: 'US',
      cities: ['San Francisco', 'Oakland', 'Berkeley', 'San Jose', 'Santa Cruz'],
      centre: { lat: 37.77, lng: -122.27 },
      radiusKm: 90,
    },
  ),
  area(
    'arizona',
    { en: 'Arizona', es: 'Arizona' },
    {
      country: 'US',
      regions: ['AZ'],
      centre: { lat: 33.45, lng: -112.07 },
      radiusKm: 300,
    },
  ),
  area(
    'mexico-city',
    { en: 'Mexico City', es: 'Ciudad de México' },
    {
      country: 'MX',
      regions: ['CDMX'],
      cities: ['Ciudad de México', 'Mexico City'],
      centre: { lat: 19.43, lng: -99.13 },
      radiusKm: 60,
    },
  ),
]

const events = [
  {
    _id: 'event-2025-10-25-land-sky',
    _type: 'event',
    slug: slug('2025-10-25-land-sky-somis'),
    // 19:00 in Somis (PDT, UTC-7).
    startsAt: '2025-10-26T02:00:00.000Z',
    timeZone: LOS_ANGELES,
    venue: 'Land+Sky',
    city: 'Somis',
    region: 'CA',
    country: 'US',
    area: ref('area-central-coast'),
    notifyFans: true,
    address: '4250 Somis Rd',
    postalCode: '93066',
    status: 'onSale',
    ticketUrl: LAND_SKY_TICKETS,
    price: 45,
    currency: 'USD',
    media: [ref('media-tour-promo-poster', 'poster')],
  },
  {
    _id: 'event-2025-11-06-arlington',
    _type: 'event',
    slug: slug('2025-11-06-arlington-theatre-santa-barbara'),
    // 19:00 in Santa Barbara (PST, UTC-8: daylight saving ended on Nov 2).
    startsAt: '2025-11-07T03:00:00.000Z',
    timeZone: LOS_ANGELES,
    venue: 'The Arlington Theatre',
    city: 'Santa Barbara',
    region: 'CA',
    country: 'US',
    area: ref('area-central-coast'),
    notifyFans: true,
    address: '1317 State St',
    postalCode: '93101',
    doorsTime: '18:00',
    status: 'soldOut',
    price: 38,
    currency: 'USD',
    notes: text('All ages. Support from Trío Arroyo Seco.', 'Para todas las edades. Abre Trío Arroyo Seco.'),
    media: [ref('media-intoxicated', 'intoxicated')],
  },
  {
    _id: 'event-2025-11-08-irvine-bowl',
    _type: 'event',
    slug: slug('2025-11-08-irvine-bowl-laguna-beach'),
    startsAt: '2025-11-09T03:00:00.000Z',
    timeZone: LOS_ANGELES,
    venue: 'Irvine Bowl',
    city: 'Laguna Beach',
    region: 'CA',
    country: 'US',
    area: ref('area-southern-california'),
    notifyFans: true,
    address: '650 Laguna Canyon Rd',
    postalCode: '92651',
    doorsTime: '18:00',
    status: 'soldOut',
  },
  {
    _id: 'event-2025-09-04-el-roblar',
    _type: 'event',
    slug: slug('2025-09-04-hotel-el-roblar-ojai'),
    startsAt: '2025-09-05T02:00:00.000Z',
    timeZone: LOS_ANGELES,
    venue: 'Hotel El Roblar',
    city: 'Ojai',
    region: 'CA',
    country: 'US',
    area: ref('area-central-coast'),
    notifyFans: true,
    address: '320 E Ojai Ave',
    postalCode: '93023',
    doorsTime: '18:30',
    status: 'soldOut',
    notes: text(
      'The first night of the anniversary tour, in the hotel garden under the oaks.',
      'La primera noche de la gira de aniversario, en el jardín del hotel, bajo los robles.',
    ),
    setlist: ['Alma Oeste', 'El Cascabel', 'Intoxicated', 'La Bamba', 'Colas (breakdown)'],
    media: [ref('media-band-performance-1', 'performance')],
  },
]

// ---------------------------------------------------------------------------------------------- media

/** docs/fan-site-rules.md §2's {hash} item: a YouTube-style id doubles as its slug. */
export const LIVE_SESSION_ID = 'Qx7LmR2vK9d'

type MediaSeed = {
  slug: string
  kind: 'youtube' | 'image'
  youtubeId?: string
  file: string
  caption: string
  captionEs: string
  credit: string
  alt: string
  altEs: string
}

export const mediaSeeds: MediaSeed[] = [
  {
    slug: LIVE_SESSION_ID,
    kind: 'youtube',
    youtubeId: LIVE_SESSION_ID,
    file: 'poster-live-session.jpg',
    caption: 'Los Forasteros, live session at the Old Mission barn. Video by Inés Montaño.',
    captionEs: 'Los Forasteros en vivo en el granero de la Old Mission. Video de Inés Montaño.',
    credit: 'Inés Montaño',
    alt: 'Four musicians in wide-brimmed hats silhouetted against a night sky',
    altEs: 'Cuatro músicos con sombrero de ala ancha recortados contra el cielo nocturno',
  },
  {
    slug: 'tour-promo-poster',
    kind: 'image',
    file: 'tour-promo-poster.jpg',
    caption: 'Poster for the Land+Sky concert, October 25, 2025. Design by Paloma Reyes.',
    captionEs: 'Cartel del concierto en Land+Sky, 25 de octubre de 2025. Diseño de Paloma Reyes.',
    credit: 'Paloma Reyes',
    alt: 'Concert poster: a saguaro and a jarana under a striped desert sun',
    altEs: 'Cartel del concierto: un saguaro y una jarana bajo un sol del desierto a rayas',
  },
  {
    slug: 'alma-oeste-blend',
    kind: 'youtube',
    youtubeId: 'bT4nW8cYq2E',
    file: 'poster-alma-oeste-blend.jpg',
    caption: 'Alma Oeste (Blend), official video. Video by Inés Montaño.',
    captionEs: 'Alma Oeste (Blend), video oficial. Video de Inés Montaño.',
    credit: 'Inés Montaño',
    alt: 'A jarana silhouetted against a sunset over the mesas',
    altEs: 'Una jarana recortada contra el atardecer sobre las mesetas',
  },
  {
    slug: 'alma-oeste',
    kind: 'youtube',
    youtubeId: 'hG5kP1sZr7U',
    file: 'poster-alma-oeste.jpg',
    caption: 'Alma Oeste, live in the studio. Video by Diego Salcedo.',
    captionEs: 'Alma Oeste, en vivo desde el estudio. Video de Diego Salcedo.',
    credit: 'Diego Salcedo',
    alt: 'Saguaro cacti in front of a striped desert sun',
    altEs: 'Saguaros frente a un sol del desierto a rayas',
  },
  {
    slug: 'intoxicated',
    kind: 'youtube',
    youtubeId: 'Lm3vX9dQa6T',
    file: 'poster-intoxicated.jpg',
    caption: 'Intoxicated, live at the Arlington. Video by Diego Salcedo.',
    captionEs: 'Intoxicated, en vivo en el Arlington. Video de Diego Salcedo.',
    credit: 'Diego Salcedo',
    alt: 'A singer holding a jarana under a night sky',
    altEs: 'Una cantante con su jarana bajo el cielo de noche',
  },
  {
    slug: 'la-bamba',
    kind: 'youtube',
    youtubeId: 'Zr8cN2wKp4Y',
    file: 'poster-la-bamba.jpg',
    caption: 'La Bamba, the Son Jarocho classic, live. Video by Inés Montaño.',
    captionEs: 'La Bamba, el clásico del son jarocho, en vivo. Video de Inés Montaño.',
    credit: 'Inés Montaño',
    alt: 'The band playing for a crowd at dusk',
    altEs: 'La banda tocando para el público al anochecer',
  },
  {
    slug: 'cascabel',
    kind: 'youtube',
    youtubeId: 'Pf6yT1hJm8R',
    file: 'poster-cascabel.jpg',
    caption: 'El Cascabel, live session. Video by Diego Salcedo.',
    captionEs: 'El Cascabel, sesión en vivo. Video de Diego Salcedo.',
    credit: 'Diego Salcedo',
    alt: 'A jarana leaning into a teal and gold desert sky',
    altEs: 'Una jarana recargada contra un cielo del desierto verde azulado y dorado',
  },
  {
    slug: 'colas-breakdown',
    kind: 'youtube',
    youtubeId: 'Dk2sV7qLx3N',
    file: 'poster-colas-breakdown.jpg',
    caption: "Cola's Breakdown, a drum and jarana duel. Video by Inés Montaño.",
    captionEs: 'Cola’s Breakdown, un duelo de batería y jarana. Video de Inés Montaño.',
    credit: 'Inés Montaño',
    alt: 'A drummer behind a drum kit at sunset',
    altEs: 'Un baterista detrás de la batería al atardecer',
  },
  {
    slug: 'band-performance-1',
    kind: 'image',
    file: 'band-performance-1.jpg',
    caption: 'Los Forasteros on stage in Ventura. Photo by Julia Ferrer.',
    captionEs: 'Los Forasteros en el escenario en Ventura. Foto de Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'Three band members performing above a crowd at sunset',
    altEs: 'Tres integrantes de la banda tocando frente al público al atardecer',
  },
  {
    slug: 'band-rehearsal',
    kind: 'image',
    file: 'band-rehearsal.jpg',
    caption: 'Rehearsal day in the desert. Photo by Julia Ferrer.',
    captionEs: 'Día de ensayo en el desierto. Foto de Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'A jarana silhouetted against a bright desert afternoon',
    altEs: 'Una jarana recortada contra una tarde luminosa en el desierto',
  },
  {
    slug: 'marisol-performance',
    kind: 'image',
    file: 'marisol-performance.jpg',
    caption: 'Marisol Vega on jarana and vocals. Photo by Tomás Arriaga.',
    captionEs: 'Marisol Vega en la jarana y la voz. Foto de Tomás Arriaga.',
    credit: 'Tomás Arriaga',
    alt: 'Marisol Vega singing with her jarana at dusk',
    altEs: 'Marisol Vega cantando con su jarana al anochecer',
  },
  {
    slug: 'band-backstage',
    kind: 'image',
    file: 'band-backstage.jpg',
    caption: 'Backstage before the show. Photo by Tomás Arriaga.',
    captionEs: 'Tras bambalinas, antes del concierto. Foto de Tomás Arriaga.',
    credit: 'Tomás Arriaga',
    alt: 'The four band members in hats, waiting in the dark before a show',
    altEs: 'Los cuatro integrantes, con sombrero, esperando en la oscuridad antes de salir',
  },
  {
    slug: 'full-band-setup',
    kind: 'image',
    file: 'full-band-setup.jpg',
    caption: 'The full band set up for soundcheck. Photo by Julia Ferrer.',
    captionEs: 'La banda completa lista para la prueba de sonido. Foto de Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'The drum kit and the band set up on an open-air stage',
    altEs: 'La batería y el equipo de la banda en un escenario al aire libre',
  },
  {
    slug: 'elena-portrait',
    kind: 'image',
    file: 'elena-portrait.jpg',
    caption: 'Elena Castaño, violin. Photo by Julia Ferrer.',
    captionEs: 'Elena Castaño, violín. Foto de Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'Portrait of Elena Castaño in a wide-brimmed hat',
    altEs: 'Retrato de Elena Castaño con sombrero de ala ancha',
  },
  {
    slug: 'rafa-drums',
    kind: 'image',
    file: 'rafa-drums.jpg',
    caption: 'Rafa Ibarra on drums. Photo by Tomás Arriaga.',
    captionEs: 'Rafa Ibarra en la batería. Foto de Tomás Arriaga.',
    credit: 'Tomás Arriaga',
    alt: 'Rafa Ibarra playing drums at sunset',
    altEs: 'Rafa Ibarra tocando la batería al atardecer',
  },
  {
    slug: 'band-performance-2',
    kind: 'image',
    file: 'band-performance-2.jpg',
    caption: 'Encore at the Irvine Bowl. Photo by Julia Ferrer.',
    captionEs: 'El encore en el Irvine Bowl. Foto de Julia Ferrer.',
    credit: 'Julia Ferrer',
    alt: 'The band on stage at night with the crowd in front',
    altEs: 'La banda en el escenario de noche, con el público enfrente',
  },
]

const mediaItems = mediaSeeds.map((item) => ({
  _id: `media-${item.slug.toLowerCase()}`,
  _type: 'mediaItem',
  slug: slug(item.slug),
  kind: item.kind,
  ...(item.kind === 'youtube'
    ? { youtubeId: item.youtubeId, poster: image(item.file) }
    : { image: image(item.file) }),
  caption: line(item.caption, item.captionEs),
  credit: item.credit,
  alt: line(item.alt, item.altEs),
}))

const gallery = {
  _id: 'gallery',
  _type: 'gallery',
  items: mediaItems.map((item, i) => ref(item._id, `item${i + 1}`)),
}

// ---------------------------------------------------------------------------------------------- singletons

const siteSettings = {
  _id: 'siteSettings',
  _type: 'siteSettings',
  bandName: 'Los Forasteros',
  tagline: line('Son Jarocho meets the spaghetti Western', 'El son jarocho se topa con el spaghetti western'),
  description: text(
    'Los Forasteros are a touring folk band from California where the jaranas of Son Jarocho meet the twang of the spaghetti Western. Tour dates, videos and booking.',
    'Los Forasteros son una banda de California que sale de gira con las jaranas del son jarocho y el twang del spaghetti western. Fechas de la gira, videos y contrataciones.',
  ),
  logo: localeImage(
    'logo.png',
    'Los Forasteros emblem: crossed jaranas in a golden sun',
    'Emblema de Los Forasteros: dos jaranas cruzadas sobre un sol dorado',
  ),
  ogImage: localeImage(
    'og-image.jpg',
    'A jarana silhouetted against a striped desert sunset',
    'Una jarana recortada contra un atardecer del desierto a rayas',
  ),
  // A short, small VP9 loop made from the poster with ffmpeg (see content/seed/README.md).
  heroVideo: file('hero.webm'),
  heroPoster: localeImage(
    'hero-poster.jpg',
    'Los Forasteros silhouetted against a desert sunset',
    'Los Forasteros recortados contra un atardecer en el desierto',
  ),
  heroFallbackImage: localeImage(
    'hero-fallback.jpg',
    'Saguaro cacti under a night sky',
    'Saguaros bajo el cielo de noche',
  ),
  bandPhoto: {
    ...localeImage(
      'band-photo.jpg',
      'The four members of Los Forasteros standing in the desert',
      'Los cuatro integrantes de Los Forasteros de pie en el desierto',
    ),
    credit: 'Inés Montaño',
  },
  about: {
    _type: 'localeBlockContent',
    en: paragraphs('about', [
      'Los Forasteros, "the outsiders", play Son Jarocho from the coast of Veracruz the way a lonesome rider would hear it across the desert: jaranas and requinto up front, a violin that cries like a harmonica, and drums that gallop like an Ennio Morricone score.',
      'Marisol Vega (jarana, vocals), Tomás Ruelas (requinto), Elena Castaño (violin) and Rafa Ibarra (drums) met at a fandango in Ventura in 2015. Ten years and three albums later they tour the West Coast, from festival stages to old mission courtyards, and still end every night with the whole room singing.',
    ]),
    es: paragraphs('about-es', [
      'Los Forasteros tocan el son jarocho de la costa de Veracruz como lo oiría un jinete solitario al otro lado del desierto: jaranas y requinto al frente, un violín que llora como armónica y una batería que galopa como en una película de Ennio Morricone.',
      'Marisol Vega (jarana y voz), Tomás Ruelas (requinto), Elena Castaño (violín) y Rafa Ibarra (batería) se conocieron en un fandango en Ventura en 2015. Diez años y tres discos después recorren la costa oeste, de los escenarios de festival a los patios de las viejas misiones, y todas las noches terminan con el público entero cantando.',
    ]),
  },
  bookingEmail: 'booking@example.com',
  socialLinks: [
    {
      _key: 'instagram',
      _type: 'socialLink',
      platform: 'instagram',
      url: 'https://www.instagram.com/losforasteros.band',
    },
    {
      _key: 'youtube',
      _type: 'socialLink',
      platform: 'youtube',
      url: 'https://www.youtube.com/@losforasteros.band',
    },
    {
      _key: 'facebook',
      _type: 'socialLink',
      platform: 'facebook',
      url: 'https://www.facebook.com/losforasteros.band',
    },
    {
      _key: 'spotify',
      _type: 'socialLink',
      platform: 'spotify',
      url: 'https://open.spotify.com/artist/3xFrStRsLsF0r4sTr0s9Q',
    },
  ],
  footerCopyright: line(
    '© 2025 Los Forasteros. All rights reserved.',
    '© 2025 Los Forasteros. Todos los derechos reservados.',
  ),
}

const tourPromo = {
  _id: 'tourPromo',
  _type: 'tourPromo',
  enabled: true,
  event: ref('event-2025-10-25-land-sky'),
  heading: line('Los Forasteros live at Land+Sky', 'Los Forasteros en vivo en Land+Sky'),
  youtubeId: LIVE_SESSION_ID,
  thumbnail: image('tour-promo-poster.jpg', 'Poster for the Land+Sky concert'),
  body: {
    _type: 'localeBlockContent',
    en: paragraphs('promo', [
      'Join us on Saturday, October 25, 2025 for an afternoon of Son Jarocho under the open sky at Land+Sky in Somis, CA.',
      'Doors open at 3pm and the concert starts at 4pm. Art installations are open from 3-4pm.',
      'Drinks: $5 beer and wine. Wood-fired pizza: $12.',
    ]),
    es: paragraphs('promo-es', [
      '¡Acompáñanos el sábado 25 de octubre de 2025 a una tarde de son jarocho al aire libre en Land+Sky, en Somis, California!',
      'Las puertas abren a las 3 p.m. y el concierto empieza a las 4 p.m. Las instalaciones de arte están abiertas de 3 a 4 p.m.',
      'Bebidas: cerveza y vino a $5 dólares. Pizza a la leña: $12 dólares.',
    ]),
  },
  ticketUrl: LAND_SKY_TICKETS,
}

const newsletterPopup = {
  _id: 'newsletterPopup',
  _type: 'newsletterPopup',
  enabled: true,
  title: line('Stay in the Loop', '¿Quieres enterarte primero?'),
  text: text(
    'Get updates on upcoming performances, new releases and exclusive content from Los Forasteros.',
    'Recibe las próximas fechas, los lanzamientos nuevos y contenido exclusivo de Los Forasteros.',
  ),
  delayMs: 12000,
  scrollThresholdPx: 100,
}

const newsPosts = [
  {
    _id: 'news-anniversary-tour',
    _type: 'newsPost',
    title: 'Ten years on the road: our anniversary tour',
    language: 'en',
    translation: { _type: 'reference', _ref: 'news-gira-aniversario', _weak: true },
    slug: slug('anniversary-tour'),
    publishedAt: '2025-08-15T17:00:00.000Z',
    excerpt: 'Ten years after our first fandango we are taking the whole band up and down the West Coast.',
    coverImage: {
      ...image('news-anniversary.jpg', 'Saguaro cacti under a desert sunset'),
      credit: 'Diego Salcedo',
    },
    // Every kind of rich text a post can hold (heading, list, links, a captioned photo, a video), so the
    // e2e tests and a new editor see them all.
    body: [
      ...paragraphs('anniv', [
        'In the fall of 2015 four strangers met at a fandango in Ventura. Ten years later Los Forasteros celebrate with an anniversary tour: Land+Sky in Somis, The Arlington Theatre in Santa Barbara and the Irvine Bowl in Laguna Beach.',
      ]),
      heading('anniv-h1', 'h2', 'Where to see us'),
      ...bullets('anniv-l', [
        'October 25: Land+Sky, Somis',
        'November 6: The Arlington Theatre, Santa Barbara',
        'November 8: Irvine Bowl, Laguna Beach',
      ]),
      linkParagraph(
        'anniv-tickets',
        'Tickets are on sale now; ',
        'see every date on our home page',
        '/#events',
        '.',
      ),
      {
        _type: 'image',
        _key: 'anniv-photo',
        _sanityAsset: 'image@file://./images/band-performance-1.jpg',
        alt: 'The band on stage under warm lights',
        caption: 'Our first fandango in Ventura, fall 2015.',
        credit: 'Photo: Ana Ruiz',
      },
      ...paragraphs('anniv2', [
        'Expect songs from all three albums, a few old sones we have not played in years and guests from the fandango community on every stage.',
      ]),
      {
        _type: 'youtubeEmbed',
        _key: 'anniv-video',
        youtubeId: LIVE_SESSION_ID,
        caption: 'Live session at Land+Sky',
      },
      linkParagraph(
        'anniv-fandango',
        'New to son jarocho? ',
        'Read about the fandango',
        'https://en.wikipedia.org/wiki/Son_jarocho',
        ' before the show.',
      ),
    ],
  },
  {
    _id: 'news-alma-oeste-single',
    _type: 'newsPost',
    title: 'New single: Alma Oeste',
    language: 'en',
    slug: slug('alma-oeste-single'),
    publishedAt: '2025-06-02T17:00:00.000Z',
    excerpt: 'Our new single rides out of the desert with a requinto, a violin and a lot of reverb.',
    coverImage: {
      ...image('news-alma-oeste.jpg', 'A jarana silhouetted against a night sky'),
      credit: 'Paloma Reyes',
    },
    body: paragraphs('alma', [
      'Alma Oeste started as a son jarocho in the key of the desert wind. Listen to it and watch the video in the media section.',
    ]),
  },
]

/**
 * Spanish posts (ADR 193): the anniversary tour written for Spanish readers and linked to the English post; the
 * zapateado workshop only in Spanish, so it is on /es/news and nowhere on /news.
 */
const spanishPosts = [
  {
    _id: 'news-gira-aniversario',
    _type: 'newsPost',
    title: 'Diez años en el camino: la gira de aniversario',
    language: 'es',
    slug: slug('gira-de-aniversario'),
    publishedAt: '2025-08-15T17:00:00.000Z',
    excerpt:
      'Hace diez años tocamos nuestro primer fandango. Ahora nos llevamos a toda la banda de gira por la costa oeste.',
    coverImage: {
      ...image('news-anniversary.jpg', 'Saguaros bajo un atardecer en el desierto'),
      credit: 'Diego Salcedo',
    },
    body: [
      ...paragraphs('aniv', [
        'En el otoño de 2015, cuatro desconocidos coincidimos en un fandango en Ventura. Diez años después lo festejamos con una gira de aniversario: Land+Sky en Somis, el Arlington Theatre en Santa Bárbara y el Irvine Bowl en Laguna Beach.',
      ]),
      heading('aniv-h1', 'h2', '¿Dónde vernos?'),
      ...bullets('aniv-l', [
        '25 de octubre: Land+Sky, Somis',
        '6 de noviembre: The Arlington Theatre, Santa Bárbara',
        '8 de noviembre: Irvine Bowl, Laguna Beach',
      ]),
      linkParagraph(
        'aniv-boletos',
        'Los boletos ya están a la venta; ',
        'mira todas las fechas',
        '/es#events',
        '.',
      ),
      ...paragraphs('aniv2', [
        'Vamos a tocar canciones de los tres discos, unos sones viejitos que no tocábamos desde hace años y, en cada escenario, invitados de la comunidad fandanguera. ¡Ahí nos vemos!',
      ]),
    ],
  },
  {
    _id: 'news-taller-zapateado',
    _type: 'newsPost',
    title: 'Taller de zapateado en Oxnard',
    language: 'es',
    slug: slug('taller-de-zapateado-oxnard'),
    publishedAt: '2025-09-20T17:00:00.000Z',
    excerpt: '¿Nunca has zapateado sobre una tarima? Te enseñamos los pasos básicos antes del fandango.',
    body: paragraphs('taller', [
      'Antes del fandango del sábado, Marisol y Elena dan un taller de zapateado para principiantes en el centro comunitario de Oxnard. No necesitas experiencia: trae zapatos con tacón firme y muchas ganas.',
      'La entrada es libre. Si tienes jarana, ¡tráetela!',
    ]),
  },
]

/** Every seed document, in import order (referenced documents first). */
export function seedDocuments(): Record<string, unknown>[] {
  return [
    siteSettings,
    ...areas,
    ...events,
    ...mediaItems,
    gallery,
    tourPromo,
    newsletterPopup,
    ...newsPosts,
    ...spanishPosts,
  ]
}
