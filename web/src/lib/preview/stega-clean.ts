/**
 * The invisible characters of stega edit links (the encoding @sanity/client applies in draft mode, ADR 160): runs
 * of four or more, as the client's own `stegaClean` matches them. Stega only ever reaches a draft page, but
 * what is derived from a string there (the `<title>`, meta tags) must be plain text; this small copy keeps the
 * client's code out of the public bundle. stega-clean.test.ts checks it against the client's.
 */
// The zero-width joiner (U+200D) stands outside the class: inside, it would join its neighbours into one character.
const STEGA = /(?:[\u200B\u200C\u2060-\u2063\uFEFF\u{1D173}-\u{1D17A}]|\u200D){4,}/gu

export function stegaCleanText<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? text.replace(STEGA, '') : text) as T
}

/** A JSON value with every string cleaned, as the client's `stegaClean` does it. */
export function stegaCleanJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value).replace(STEGA, '')) as T)
}
