import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { messages as en } from './en'
import { messages as es } from './es'

/**
 * Values a function string is tried with: a number reads as a count, a page or a name alike, and a missing
 * value (null) brings out a function's own fallback words.
 */
const SAMPLE_ARGS = [
  [3, 7, 11, 13],
  [null, 7, 11, 13],
]

/** Every text of a catalogue by its path; a function's text as it reads with sample values. */
function texts(tree: object, path = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const at = path ? `${path}.${key}` : key
    if (typeof value === 'string') out.set(at, value)
    else if (typeof value === 'function')
      out.set(at, SAMPLE_ARGS.map((args) => String(value(...args))).join(' | '))
    else for (const [inner, text] of texts(value as object, at)) out.set(inner, text)
  }
  return out
}

/**
 * Texts that read the same in both languages: names, symbols and formats with nothing to translate. Anything
 * else identical in Spanish was left in English.
 */
const SAME_IN_BOTH = new Set([
  // "Video: <title>": the word is Spanish too.
  'common.videoTitle',
  'media.credit.video',
  // "3 / 7".
  'media.counter',
  // "<title> · <band>".
  'newsletterPages.title',
])

/**
 * Groups written in the other language on purpose: the switch and the hint speak to the reader of the language
 * they lead to (an English reader on a Spanish page reads "Rather read in English?").
 */
const IN_THE_OTHER_LANGUAGE = ['languageSwitch.', 'languageHint.']

/** The code points of the display face's first file (`unicode-range` of its core `@font-face`, fonts.css). */
function displayCoreCodePoints(): Set<number> {
  const css = readFileSync('web/src/styles/fonts.css', 'utf8')
  const face = css
    .split('@font-face')
    .find((block) => block.includes("font-family: 'Rye';") && block.includes('rye-400-core'))
  const ranges = face?.match(/unicode-range:([^;]+);/)?.[1] ?? ''
  const points = new Set<number>()
  for (const [, from = '', to = from] of ranges.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)) {
    for (let point = parseInt(from, 16); point <= parseInt(to, 16); point++) points.add(point)
  }
  return points
}

describe('the interface catalogues', () => {
  const english = texts(en)
  const spanish = texts(es)
  const writtenInSpanish = [...spanish].filter(
    ([key]) => !IN_THE_OTHER_LANGUAGE.some((group) => key.startsWith(group)),
  )

  it('have the same keys (the type says so; this catches a key added as `any`)', () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort())
  })

  it('leave no Spanish text identical to the English one, except names and formats', () => {
    const untranslated = [...english].filter(
      ([key, text]) => spanish.get(key) === text && !SAME_IN_BOTH.has(key),
    )
    expect(untranslated).toEqual([])
  })

  it('every text in the allow-list is still the same in both (else it no longer needs to be there)', () => {
    for (const key of SAME_IN_BOTH) expect(spanish.get(key), key).toBe(english.get(key))
  })

  it('writes Spanish with its own punctuation: every ¿ and ¡ is closed, every ? and ! opened', () => {
    for (const [key, text] of writtenInSpanish) {
      expect(text.split('¿').length, key).toBe(text.split('?').length)
      expect(text.split('¡').length, key).toBe(text.split('!').length)
    }
  })

  it("draws every Spanish letter and opening mark from the display face's first file (no second file for a heading)", () => {
    const core = displayCoreCodePoints()
    const missing = new Set<string>()
    for (const [, text] of writtenInSpanish) {
      for (const char of text.match(/[\p{L}¡¿]/gu) ?? [])
        if (!core.has(char.codePointAt(0)!)) missing.add(char)
    }
    expect(core.size).toBeGreaterThan(60)
    expect([...missing]).toEqual([])
  })

  it('counts in Spanish: one song, many songs; one show, many shows', () => {
    expect(es.shows.setlistSongs(1)).toBe('Repertorio (1 canción)')
    expect(es.shows.setlistSongs(12)).toBe('Repertorio (12 canciones)')
    expect(es.shows.upcomingCount(1, null)).toMatch(/^Se viene un concierto;/)
    expect(es.shows.upcomingCount(4, 'Los Ángeles')).toMatch(/^Se vienen 4 conciertos en Los Ángeles;/)
    expect(es.events.upcomingShows(1)).toBe('El próximo concierto')
    expect(es.events.upcomingShows(9)).toBe('Los 9 próximos conciertos')
  })
})
