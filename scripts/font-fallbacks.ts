/**
 * Metric-matched fallback faces (ADR 130): a local font scaled (`size-adjust`) so that a sample text takes the
 * web font's width, with the web font's ascent, descent and line gap, so that text painted before the web font
 * arrives keeps its line boxes and about its line breaks, and nothing shifts when the web font swaps in.
 *
 * The local fonts are Arial and Times New Roman; Liberation Sans and Liberation Serif are metric-compatible
 * with them (same advance widths), and are what Linux has under those names, so their files give the widths.
 * `FALLBACK_FONT_DIR` points elsewhere if the Liberation fonts live in another folder.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { FontMetrics } from './font-metrics'
import { readFontMetrics } from './font-metrics'

const FONT_DIR = process.env.FALLBACK_FONT_DIR ?? '/usr/share/fonts/truetype/liberation'

/** Text whose letter mix is that of the pages' headings (band name, section and page titles). */
export const DISPLAY_SAMPLE =
  'Los Forasteros News Tour dates Media About Contact Past shows Ten years on the road'
/** Running English text, for the body faces. */
export const BODY_SAMPLE =
  'Ten years after our first fandango we are taking the whole band up and down the West Coast. ' +
  'Tickets, dates and the new single are below; write to us for bookings and press.'

export type Fallback = {
  /** Local font names, full and PostScript, in the order a browser should try them. */
  local: string[]
  /** Liberation file with the same metrics as the first local font. */
  file: string
}

export const SERIF_FALLBACK: Fallback = {
  local: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'LiberationSerif'],
  file: 'LiberationSerif-Regular.ttf',
}
export const SANS_FALLBACK: Fallback = {
  local: ['Arial', 'ArialMT', 'Liberation Sans', 'LiberationSans'],
  file: 'LiberationSans-Regular.ttf',
}
export const SANS_BOLD_FALLBACK: Fallback = {
  local: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'LiberationSans-Bold'],
  file: 'LiberationSans-Bold.ttf',
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

/** The `@font-face` rule of `<family> Fallback` for one weight of a web font. */
export function fallbackFace(
  family: string,
  weight: number,
  webFont: FontMetrics,
  fallback: Fallback,
  sample: string,
  unicodeRange: string,
): string {
  const local = readFontMetrics(readFileSync(path.join(FONT_DIR, fallback.file)))
  const sizeAdjust = webFont.sampleWidth(sample) / local.sampleWidth(sample)
  // The overrides are fractions of the font size that size-adjust has already scaled.
  const ratio = (units: number) => percent(Math.abs(units) / webFont.unitsPerEm / sizeAdjust)
  return [
    '@font-face {',
    `  font-family: '${family} Fallback';`,
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    `  src: ${fallback.local.map((name) => `local('${name}')`).join(', ')};`,
    `  size-adjust: ${percent(sizeAdjust)};`,
    `  ascent-override: ${ratio(webFont.ascender)};`,
    `  descent-override: ${ratio(webFont.descender)};`,
    `  line-gap-override: ${ratio(webFont.lineGap)};`,
    // Only what the web font covers: other characters (an arrow, say) go on down the stack as they always did.
    `  unicode-range: ${unicodeRange};`,
    '}',
  ].join('\n')
}
