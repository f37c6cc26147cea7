import { readFileSync } from 'node:fs'
import path from 'node:path'
import { commentsOf } from './comments-of'
import { measurementFigures } from './measurement-figures'
import { ROOT } from './product-files'

/**
 * A figure a comment may carry: one this file's code sets, or one the allow-list names with the reason it is a
 * constant and not a measurement.
 */
export type AllowedFigure = {
  file: string
  /** The figure as the comment writes it (`12.8 KB`). */
  figure: string
  /** Why it is a constant (a rule, a library's or a device's own value), in words. */
  why: string
}

/** The numbers a figure states: `13-70 ms` states 13 and 70, `9,800 req/s` 9800. */
const numbersOf = (text: string) =>
  [...text.replace(/(\d),(\d{3})/g, '$1$2').matchAll(/\d+(?:\.\d+)?/g)].map((match) => Number(match[0]))

/** The numeric literals of a file's code, its comments left out (`60_000` is 60000). */
function codeNumbers(text: string, comments: string[]): Set<number> {
  const code = comments.reduce((rest, comment) => rest.replace(comment, ' '), text)
  return new Set(numbersOf(code.replace(/(\d)_(\d)/g, '$1$2')))
}

/** A figure the code sets: each of its numbers is a literal there (a share also as a fraction, `70%` as `0.7`). */
const setInCode = (figure: string, constants: Set<number>) =>
  numbersOf(figure).every(
    (number) => constants.has(number) || (figure.includes('%') && constants.has(number / 100)),
  )

let rules: string | undefined
/** The product's rules (docs/fan-site-rules.md) state the delays and thresholds the site keeps on purpose. */
const statedByRules = (figure: string) =>
  (rules ??= readFileSync(path.join(ROOT, 'docs/fan-site-rules.md'), 'utf8').replace(/\s+/g, ' ')).includes(
    figure.replace(/\s+/g, ' '),
  )

/**
 * The measurement figures in a file's comments that are none of: a value's example in backticks
 * (`2025-10-25T19:00:00-07:00`), a constant its own code sets (a comment's "fades for N ms" beside
 * `FADE_MS = N`), a rule of docs/fan-site-rules.md, or on the allow-list. Each as `file: figure (the line)`.
 */
export function commentFigures(file: string, text: string, allowed: AllowedFigure[] = []): string[] {
  // Parsing is the cost: a file with no figure anywhere has none in its comments.
  if (measurementFigures(text.replace(/`[^`]*`/g, ' ')).length === 0) return []
  const comments = commentsOf(file, text)
  const constants = codeNumbers(text, comments)
  const allowedHere = allowed.filter((entry) => entry.file === file).map((entry) => entry.figure)
  return comments
    .flatMap((comment) => comment.split('\n'))
    .flatMap((line) =>
      measurementFigures(line.replace(/`[^`]*`/g, ' '))
        .filter((figure) => !setInCode(figure, constants) && !statedByRules(figure))
        .filter((figure) => !allowedHere.includes(figure))
        .map((figure) => `${file}: ${figure} (${line.trim()})`),
    )
}
