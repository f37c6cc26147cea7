/**
 * Writes the site's web fonts (ADR 130): each face of `@fontsource/rye` and `@fontsource/alegreya-sans` (latin)
 * is split into a *core* file with the characters the pages draw and a *rest* file with the other
 * characters of Fontsource's latin range, which a browser fetches only for a page whose text uses one of them
 * (`unicode-range`). Output: `web/src/styles/fonts/*.woff2` and `web/src/styles/fonts.css`, both committed.
 *
 *   node --import tsx scripts/subset-fonts.ts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as prettier from 'prettier'
import subsetFont from 'subset-font'
import type { Fallback } from './font-fallbacks'
import {
  BODY_SAMPLE,
  DISPLAY_SAMPLE,
  fallbackFace,
  SANS_BOLD_FALLBACK,
  SANS_FALLBACK,
  SERIF_FALLBACK,
} from './font-fallbacks'
import { readFontMetrics } from './font-metrics'

const root = process.cwd()
const outDir = path.join(root, 'web/src/styles/fonts')

/** Fontsource's `latin` subset, the range the packaged files cover. */
const LATIN: [number, number][] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
]

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
/** Headings in the display face: letters, digits and the punctuation titles use. */
const DISPLAY_CORE = [
  ...range(0x41, 0x5a),
  ...range(0x61, 0x7a),
  ...range(0x30, 0x39),
  ...[...` .,'&-:!?()/#`].map((c) => c.codePointAt(0)!),
  // Spanish headings: their accents, ñ and opening marks, so a Spanish page needs no second display file.
  ...[...'¡¿ÁÉÍÑÓÚÜáéíñóúü'].map((c) => c.codePointAt(0)!),
  0x2019,
  0x2013,
]
/** Running text in the body face: printable ASCII, Latin-1 (Spanish names, accents) and typographic marks. */
const BODY_CORE = [
  ...range(0x20, 0x7e),
  ...range(0xa0, 0xff),
  ...[0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x20ac],
]

const FACES: {
  family: string
  weight: number
  name: string
  source: string
  core: number[]
  fallback: Fallback
  sample: string
}[] = [
  {
    family: 'Rye',
    weight: 400,
    name: 'rye-400',
    source: 'node_modules/@fontsource/rye/files/rye-latin-400-normal.woff2',
    core: DISPLAY_CORE,
    fallback: SERIF_FALLBACK,
    sample: DISPLAY_SAMPLE,
  },
  {
    family: 'Alegreya Sans',
    weight: 400,
    name: 'alegreya-sans-400',
    source: 'node_modules/@fontsource/alegreya-sans/files/alegreya-sans-latin-400-normal.woff2',
    core: BODY_CORE,
    fallback: SANS_FALLBACK,
    sample: BODY_SAMPLE,
  },
  {
    family: 'Alegreya Sans',
    weight: 700,
    name: 'alegreya-sans-700',
    source: 'node_modules/@fontsource/alegreya-sans/files/alegreya-sans-latin-700-normal.woff2',
    core: BODY_CORE,
    fallback: SANS_BOLD_FALLBACK,
    sample: BODY_SAMPLE,
  },
]

/** `U+41-5A,U+61` from a set of code points. */
function unicodeRange(codePoints: number[]): string {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b)
  const parts: string[] = []
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0')
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++
    parts.push(i === j ? `U+${hex(sorted[i]!)}` : `U+${hex(sorted[i]!)}-${hex(sorted[j]!)}`)
    i = j + 1
  }
  return parts.join(', ')
}

const text = (codePoints: number[]) => String.fromCodePoint(...codePoints)

async function main() {
  mkdirSync(outDir, { recursive: true })
  const latin = LATIN.flatMap(([from, to]) => range(from, to))
  const css: string[] = ['/* Written by scripts/subset-fonts.ts (ADR 130); do not edit. */']
  const fallbacks: string[] = []
  for (const face of FACES) {
    const source = readFileSync(path.join(root, face.source))
    const sfnt = await subsetFont(source, face.sample, { targetFormat: 'sfnt' })
    const metrics = readFontMetrics(sfnt)
    fallbacks.push(
      fallbackFace(face.family, face.weight, metrics, face.fallback, face.sample, unicodeRange(latin)),
    )
    const core = new Set(face.core)
    const rest = latin.filter((codePoint) => !core.has(codePoint))
    for (const [part, codePoints] of [
      ['rest', rest],
      ['core', face.core],
    ] as const) {
      const file = `${face.name}-${part}.woff2`
      // Without TrueType hinting (ADR 130): a third of each file, instructions that Chrome on Android,
      // macOS and Linux do not run; outlines, advance widths and kerning are unchanged, so nothing moves.
      const bytes = await subsetFont(source, text(codePoints), { targetFormat: 'woff2', noHinting: true })
      writeFileSync(path.join(outDir, file), bytes)
      console.log(`${file}: ${bytes.length} bytes (${source.length} for the whole latin face)`)
      // The core face comes last: for a character both ranges could hold, the later face wins.
      css.push(
        [
          '@font-face {',
          `  font-family: '${face.family}';`,
          '  font-style: normal;',
          `  font-weight: ${face.weight};`,
          '  font-display: swap;',
          `  src: url('./fonts/${file}') format('woff2');`,
          `  unicode-range: ${unicodeRange(codePoints)};`,
          '}',
        ].join('\n'),
      )
    }
  }
  css.push(...fallbacks)
  const cssFile = path.join(root, 'web/src/styles/fonts.css')
  const options = await prettier.resolveConfig(cssFile)
  writeFileSync(cssFile, await prettier.format(css.join('\n\n'), { ...options, filepath: cssFile }))
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
