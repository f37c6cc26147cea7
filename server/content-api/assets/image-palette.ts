import type { Pixels } from './blurhash'
import type { ImagePalette, PaletteSwatch } from './asset-types'

/**
 * Sanity's image palette: seven swatches picked the way Android's Palette and Vibrant.js pick them (the rules
 * are public; this is our own code, ADR 140). The image's colours are reduced to at most 64 by median cut over a
 * 5-bit-per-channel histogram; each target (vibrant, dark vibrant, ...) takes the unused colour that scores best
 * on closeness to its saturation and lightness and on population; a target nothing fits is derived from a
 * found one with the target's lightness and population 0, so all seven are always there, as on Sanity.
 */

type Rgb = [number, number, number]
type Colour = { rgb: Rgb; hsl: Rgb; count: number }
type Target = {
  name: Exclude<keyof ImagePalette, '_type' | 'dominant'>
  kind: 'vibrant' | 'muted'
  luma: [min: number, target: number, max: number]
  saturation: [min: number, target: number, max: number]
}

const DARK: Target['luma'] = [0, 0.26, 0.45]
const NORMAL: Target['luma'] = [0.3, 0.5, 0.7]
const LIGHT: Target['luma'] = [0.55, 0.74, 1]
const VIBRANT: Target['saturation'] = [0.35, 1, 1]
const MUTED: Target['saturation'] = [0, 0.3, 0.4]

/** In the order they are picked: a colour taken by an earlier target is not offered to a later one. */
const TARGETS: Target[] = [
  { name: 'vibrant', kind: 'vibrant', luma: NORMAL, saturation: VIBRANT },
  { name: 'lightVibrant', kind: 'vibrant', luma: LIGHT, saturation: VIBRANT },
  { name: 'darkVibrant', kind: 'vibrant', luma: DARK, saturation: VIBRANT },
  { name: 'muted', kind: 'muted', luma: NORMAL, saturation: MUTED },
  { name: 'lightMuted', kind: 'muted', luma: LIGHT, saturation: MUTED },
  { name: 'darkMuted', kind: 'muted', luma: DARK, saturation: MUTED },
]

const WEIGHT = { saturation: 3, luma: 6.5, population: 0.5 }
const MAX_COLOURS = 64

export function rgbToHsl([r, g, b]: Rgb): Rgb {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255]
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4
  return [h / 6, s, l]
}

export function hslToRgb([h, s, l]: Rgb): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255]
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (u < 1 / 6) return p + (q - p) * 6 * u
    if (u < 1 / 2) return q
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6
    return p
  }
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255]
}

const hex = (rgb: Rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`

/**
 * Text colours on a swatch, from its YIQ brightness as Vibrant.js decides them (and as Sanity's swatches show):
 * `title` (large text) is black from brightness 200, `foreground` (body text) from 150.
 */
export function textColours([r, g, b]: Rgb): { foreground: string; title: string } {
  const yiq = (r * 299 + g * 587 + b * 114) / 1000
  return { foreground: yiq < 150 ? '#fff' : '#000', title: yiq < 200 ? '#fff' : '#000' }
}

function swatch(rgb: Rgb, population: number): PaletteSwatch {
  return { _type: 'sanity.imagePaletteSwatch', background: hex(rgb), ...textColours(rgb), population }
}

type Entry = { key: number; count: number; sum: Rgb }

/** Counts colours at 5 bits per channel, leaving out transparent and near-white pixels as Vibrant.js does. */
function histogram(pixels: Pixels, skip: (data: Pixels['data'], at: number) => boolean): Map<number, Entry> {
  const { data, width, height, channels } = pixels
  const bins = new Map<number, Entry>()
  for (let p = 0; p < width * height; p++) {
    const at = p * channels
    if (skip(data, at)) continue
    const [r, g, b] = [data[at]!, data[at + 1]!, data[at + 2]!]
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)
    const entry = bins.get(key)
    if (entry) {
      entry.count++
      entry.sum[0] += r
      entry.sum[1] += g
      entry.sum[2] += b
    } else bins.set(key, { key, count: 1, sum: [r, g, b] })
  }
  return bins
}

const channelOf = (key: number, c: number) => (key >> (10 - 5 * c)) & 31
const total = (box: Entry[]) => box.reduce((n, e) => n + e.count, 0)

/** Median cut: split the most populous box along its widest channel at its pixel median, up to `limit` boxes. */
function medianCut(entries: Entry[], limit: number): Colour[] {
  const boxes: Entry[][] = [entries]
  while (boxes.length < limit) {
    let pick = -1
    for (let i = 0; i < boxes.length; i++) {
      if (boxes[i]!.length > 1 && (pick < 0 || total(boxes[i]!) > total(boxes[pick]!))) pick = i
    }
    if (pick < 0) break
    const box = boxes[pick]!
    const ranges = [0, 1, 2].map((c) => {
      const values = box.map((e) => channelOf(e.key, c))
      return Math.max(...values) - Math.min(...values)
    })
    const axis = ranges.indexOf(Math.max(...ranges))
    box.sort((a, b) => channelOf(a.key, axis) - channelOf(b.key, axis))
    const half = total(box) / 2
    let seen = 0
    let cut = 1
    for (let i = 0; i < box.length - 1; i++) {
      seen += box[i]!.count
      cut = i + 1
      if (seen >= half) break
    }
    boxes.splice(pick, 1, box.slice(0, cut), box.slice(cut))
  }
  return boxes.map((box) => {
    const count = total(box)
    const rgb: Rgb = [0, 1, 2].map((c) => box.reduce((n, e) => n + e.sum[c]!, 0) / count) as Rgb
    return { rgb, hsl: rgbToHsl(rgb), count }
  })
}

const within = (v: number, [min, , max]: [number, number, number]) => v >= min && v <= max

/** The seven swatches of Sanity's `sanity.imagePalette` for an image's (downscaled) pixels. */
export function imagePalette(pixels: Pixels): ImagePalette {
  const hasAlpha = pixels.channels === 4
  let bins = histogram(
    pixels,
    (d, at) => (hasAlpha && d[at + 3]! < 125) || (d[at]! > 250 && d[at + 1]! > 250 && d[at + 2]! > 250),
  )
  // An all-white or all-transparent image still has colours: count everything then.
  if (bins.size === 0) bins = histogram(pixels, () => false)
  const colours = medianCut([...bins.values()], MAX_COLOURS)
  const counted = colours.reduce((n, c) => n + c.count, 0)
  const mostPopulous = Math.max(...colours.map((c) => c.count))
  const percent = (count: number) => Math.round((count / counted) * 10000) / 100

  const picked = new Map<Target['name'], Colour>()
  const used = new Set<Colour>()
  for (const target of TARGETS) {
    let best: Colour | undefined
    let bestScore = -Infinity
    for (const colour of colours) {
      const [, s, l] = colour.hsl
      if (used.has(colour) || !within(s, target.saturation) || !within(l, target.luma)) continue
      const score =
        (WEIGHT.saturation * (1 - Math.abs(s - target.saturation[1])) +
          WEIGHT.luma * (1 - Math.abs(l - target.luma[1])) +
          WEIGHT.population * (colour.count / mostPopulous)) /
        (WEIGHT.saturation + WEIGHT.luma + WEIGHT.population)
      if (score > bestScore) [best, bestScore] = [colour, score]
    }
    if (best) {
      picked.set(target.name, best)
      used.add(best)
    }
  }

  // Derived swatches start from a found one of the same kind (vibrant or muted) when there is one.
  const found = TARGETS.filter((t) => picked.has(t.name))
  const fallback: Colour = found.length > 0 ? picked.get(found[0]!.name)! : colours[0]!
  const palette = { _type: 'sanity.imagePalette' } as ImagePalette
  for (const target of TARGETS) {
    const colour = picked.get(target.name)
    if (colour) {
      palette[target.name] = swatch(colour.rgb, percent(colour.count))
      continue
    }
    const sameKind = found.find((t) => t.kind === target.kind)
    // From the other kind, the saturation moves to the target's too: a muted swatch is never vivid.
    const [h, s] = (sameKind ? picked.get(sameKind.name)! : fallback).hsl
    const saturation = sameKind ? s : target.saturation[1]
    palette[target.name] = swatch(hslToRgb([h, saturation, target.luma[1]]), 0)
  }
  // Dominant: the most populous of the picked swatches (Sanity's dominant repeats one of the six).
  const dominant = [...picked.values()].sort((a, b) => b.count - a.count)[0] ?? fallback
  palette.dominant = swatch(dominant.rgb, percent(dominant.count))
  return palette
}
