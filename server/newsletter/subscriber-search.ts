/**
 * How both stores read an admin search (ADR 176): what a term matches, and how many matches are counted. The
 * list shows one page, so the stores never read or sort every match of a broad term; its total is counted up to
 * `TOTAL_CAP` and shown as "more than" beyond it.
 */

/** Matches counted for the list's total by default; beyond it the total says "more than". */
export const TOTAL_CAP = 1000

/** How a store reads searches: `totalCap`, the matches counted for a total (tests make it small). */
export type SearchOptions = { totalCap?: number }

/** Characters in a trigram: a shorter term has none for a trigram index to look up. */
export const TRIGRAM = 3

/**
 * A search term, lower-cased and trimmed. `prefix`: a term shorter than a trigram matches the start of the
 * address, the first name or the last name (B-tree ranges). `substring`: a longer term matches anywhere in the
 * address and names (`SEARCH_TEXT`, a trigram index).
 */
export type SearchTerm = { kind: 'prefix'; text: string; upper: string } | { kind: 'substring'; text: string }

/**
 * The least string above every string that starts with `prefix`, in code point order (SQLite's BINARY and
 * PostgreSQL's "C" collation): the prefix with its last character's code point one higher.
 */
export function prefixUpperBound(prefix: string): string {
  const chars = [...prefix]
  const last = chars.pop()!.codePointAt(0)!
  // Between the surrogates there is no character to compare by; skip them.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1
  return chars.join('') + String.fromCodePoint(next)
}

/** The term a search text asks for, or null when it is blank (no search). */
export function searchTerm(search: string | undefined): SearchTerm | null {
  const text = search?.trim().toLowerCase()
  if (!text) return null
  if ([...text].length < TRIGRAM) return { kind: 'prefix', text, upper: prefixUpperBound(text) }
  return { kind: 'substring', text }
}

/** The list's total from a count of at most `cap + 1` matches. */
export function cappedTotal(counted: number, cap: number): { total: number; totalCapped: boolean } {
  return counted > cap ? { total: cap, totalCapped: true } : { total: counted, totalCapped: false }
}
