import type { Random } from './prng'

/** Words and names the generated content is made of: plausible copy of a touring son jarocho band. */
export const SONGS = [
  'Alma Oeste',
  'El Cascabel',
  'Intoxicated',
  'La Bamba',
  'Colas (breakdown)',
  'El Siquisirí',
  'La Guacamaya',
  'El Balajú',
  'La Morena',
  'El Colás',
  'Desert Requinto',
  'Jarana del Norte',
  'The Long Ride',
  'Canción del Forastero',
  'El Zapateado',
  'La Lloroncita',
  'Sunset at Somis',
  'El Fandanguito',
]

export const FIRST_NAMES = [
  'Ana',
  'Luis',
  'María',
  'José',
  'Sofía',
  'Diego',
  'Lucía',
  'Carlos',
  'Emma',
  'Noah',
  'Olivia',
  'Liam',
  'Valentina',
  'Mateo',
  'Camila',
  'Jack',
  'Isabel',
  'Tomás',
  'Grace',
  'Leo',
]

export const LAST_NAMES = [
  'García',
  'Martínez',
  'Smith',
  'Johnson',
  'Hernández',
  'López',
  'Brown',
  'González',
  'Pérez',
  'Miller',
  'Ramírez',
  'Torres',
  'Davis',
  'Flores',
  'Rivera',
  'Wilson',
  "O'Brien",
  'Nguyen',
  'Vega',
  'Ruiz',
]

const SENTENCES = [
  'The jaranas rang out across the plaza long after the last song.',
  'We drove through the night to make soundcheck, with the requinto in the back seat.',
  'Thank you to everyone who danced on the tarima with us.',
  'A new son came together on the road, and we played it for the first time that night.',
  'The violin and the drums traded verses until the whole room was singing.',
  'Our friends from the local fandango community joined us for the encore.',
  'Tickets go fast for these shows, so mark the date.',
  'We recorded the set and will share a few songs in the media section soon.',
  'The weather turned, the power flickered, and we played on with the crowd.',
  'It was our first time in this city, and it will not be the last.',
]

/** `count` sentences as one paragraph. */
export function paragraph(random: Random, count: number): string {
  return Array.from({ length: count }, () => random.pick(SENTENCES)).join(' ')
}

/** Lower-case letters, digits and single hyphens, accents dropped: the site's slug rule. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
