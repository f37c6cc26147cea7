import { readFileSync } from 'node:fs'
import subsetFont from 'subset-font'
import { describe, expect, it } from 'vitest'
import { readFontMetrics } from './font-metrics'

const sfnt = async (file: string, text: string) =>
  readFontMetrics(await subsetFont(readFileSync(file), text, { targetFormat: 'sfnt' }))

describe('readFontMetrics', () => {
  it("takes Alegreya Sans's typographic metrics (USE_TYPO_METRICS) and the width of its 0, which the CSS's em max-widths assume", async () => {
    const metrics = await sfnt(
      'node_modules/@fontsource/alegreya-sans/files/alegreya-sans-latin-400-normal.woff2',
      '0ab',
    )
    expect(metrics).toMatchObject({ unitsPerEm: 1000, ascender: 800, descender: -200, lineGap: 200 })
    // web/src/features/*/components/*.css: 32ch of Alegreya Sans = 16.896em, and so on.
    expect(metrics.sampleWidth('0')).toBe(0.528)
    expect(metrics.sampleWidth('0ab')).toBeGreaterThan(metrics.sampleWidth('0'))
  })

  it("takes Rye's hhea metrics, which its OS/2 table does not ask to override", async () => {
    const metrics = await sfnt('node_modules/@fontsource/rye/files/rye-latin-400-normal.woff2', 'Rye')
    expect(metrics).toMatchObject({ unitsPerEm: 2048, ascender: 2020, descender: -540, lineGap: 0 })
  })
})
