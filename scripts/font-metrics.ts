/**
 * Reads the few numbers a metric-matched fallback `@font-face` needs (ADR 130) from an sfnt (TrueType/OpenType)
 * file: units per em, the ascender, descender and line gap a browser lays lines out with (OS/2's typographic
 * ones when the font sets USE_TYPO_METRICS, as Alegreya Sans does, else hhea's), and the advance width of each character of a sample text (cmap format 4, hmtx). Kerning is ignored:
 * the average width only scales the fallback.
 */
export type FontMetrics = {
  unitsPerEm: number
  ascender: number
  descender: number
  lineGap: number
  /** Sum of the sample's advance widths in em (characters the font lacks count as its .notdef glyph). */
  sampleWidth: (sample: string) => number
}

function tableOffsets(font: DataView): Map<string, number> {
  const tables = new Map<string, number>()
  const count = font.getUint16(4)
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16
    const tag = String.fromCharCode(...[0, 1, 2, 3].map((k) => font.getUint8(record + k)))
    tables.set(tag, font.getUint32(record + 8))
  }
  return tables
}

/** Character code -> glyph id from the first format 4 subtable (Unicode BMP). */
function glyphIndexer(font: DataView, cmap: number): (code: number) => number {
  const count = font.getUint16(cmap + 2)
  for (let i = 0; i < count; i++) {
    const sub = cmap + font.getUint32(cmap + 4 + i * 8 + 4)
    if (font.getUint16(sub) !== 4) continue
    const segments = font.getUint16(sub + 6) / 2
    const ends = sub + 14
    const starts = ends + segments * 2 + 2
    const deltas = starts + segments * 2
    const rangeOffsets = deltas + segments * 2
    return (code) => {
      for (let s = 0; s < segments; s++) {
        if (code > font.getUint16(ends + s * 2)) continue
        const start = font.getUint16(starts + s * 2)
        if (code < start) return 0
        const delta = font.getInt16(deltas + s * 2)
        const rangeOffset = font.getUint16(rangeOffsets + s * 2)
        if (rangeOffset === 0) return (code + delta) & 0xffff
        const glyph = font.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2)
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff
      }
      return 0
    }
  }
  throw new Error('font has no format 4 cmap subtable')
}

export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const font = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tables = tableOffsets(font)
  const offset = (tag: string) => {
    const found = tables.get(tag)
    if (found === undefined) throw new Error(`font has no ${tag} table`)
    return found
  }
  const unitsPerEm = font.getUint16(offset('head') + 18)
  const hhea = offset('hhea')
  const os2 = tables.get('OS/2')
  // fsSelection bit 7: USE_TYPO_METRICS.
  const typo = os2 !== undefined && (font.getUint16(os2 + 62) & 0x80) !== 0
  const vertical = typo ? os2 + 68 : hhea + 4
  const advances = font.getUint16(hhea + 34)
  const hmtx = offset('hmtx')
  const glyphOf = glyphIndexer(font, offset('cmap'))
  // Glyphs past the last long metric share its advance.
  const advance = (glyph: number) => font.getUint16(hmtx + Math.min(glyph, advances - 1) * 4)
  return {
    unitsPerEm,
    ascender: font.getInt16(vertical),
    descender: font.getInt16(vertical + 2),
    lineGap: font.getInt16(vertical + 4),
    sampleWidth: (sample) =>
      [...sample].reduce((sum, char) => sum + advance(glyphOf(char.codePointAt(0)!)), 0) / unitsPerEm,
  }
}
