/**
 * What a measurement looks like in prose: a timing, a decimal size, a ratio, a rate, a share, a percentile or a
 * dated run. Measurements belong in docs/logs/, where each has its date, machine and load; anywhere else a
 * figure goes stale while the sentence around it still reads as true. Settings and limits are not measurements
 * ("bodies up to 4 KB", "1200x630"), so whole-number sizes and dimensions pass.
 */
const MEASUREMENT = [
  /\b\d[\d,]*(?:\.\d+)?(?:\s?-\s?\d[\d,]*(?:\.\d+)?)?\s?(?:ms|µs|us)\b/, // `23.2 ms`, `13-70 ms`
  /\b\d+\.\d+\s?(?:[kKMG]i?B|bytes)\b/, // `108.5 KB`
  /\b\d+\s?[kKM]?B\s+gzip\b/i, // `12 KB gzip`, `142 B gzip`
  /\b\d+(?:\.\d+)?x(?![\w-])/, // `1.12x` (not `1200x630`)
  /\b\d[\d,.]*\s?(?:req\/s|requests\/s|rps)\b/i, // `9,800 req/s`
  /\b\d+(?:\.\d+)?\s?%/, // `82%`
  /\bp(?:50|75|90|95|99)\b\s*(?:of\s*)?\d/i, // `p99 12`
  /\bload average:? \d/i,
  /\b20\d\d-\d\d-\d\d[ T]\d\d:?\d\d\b/, // a dated run: `2026-11-26 07:57`
  /\b\d+(?:\.\d+)?\s?(?:times|x) (?:faster|slower|smaller|larger)\b/i,
]

/** The measurement figures of one line of prose, as written (`23.2 ms`, `p99 1.12x`). */
export function measurementFigures(line: string): string[] {
  return MEASUREMENT.flatMap((pattern) => [
    ...line.matchAll(new RegExp(pattern.source, 'g' + pattern.flags)),
  ]).map((match) => match[0])
}

/** The lines of `text` that carry a measurement figure, with their line numbers (1-based). */
export function measurementLines(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line }))
    .filter(({ text: line }) => MEASUREMENT.some((pattern) => pattern.test(line)))
}
