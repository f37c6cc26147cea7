import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './product-files'

/** What a citation can point at; read from the repository unless a test hands its own. */
export type CitedDocs = {
  /** An ADR's text by its number (`74`), undefined when there is none. */
  adr: (number: number) => string | undefined
  /** A file's text by its path in the repository, '' for a folder, undefined when there is neither. */
  file: (relative: string) => string | undefined
}

export const repositoryDocs: CitedDocs = {
  adr: (number) => {
    const prefix = `${String(number).padStart(3, '0')}-`
    const name = readdirSync(path.join(ROOT, 'docs/decisions')).find((entry) => entry.startsWith(prefix))
    return name === undefined ? undefined : readFileSync(path.join(ROOT, 'docs/decisions', name), 'utf8')
  },
  file: (relative) => {
    const full = path.join(ROOT, relative)
    if (!existsSync(full)) return undefined
    return relative.endsWith('.md') ? readFileSync(full, 'utf8') : ''
  },
}

const headings = (markdown: string) =>
  [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1] ?? '')
const plain = (text: string) => text.replace(/[*_`]/g, '').toLowerCase()

/** Comment text as one line of prose: comment markers dropped, so a citation broken over two lines is whole. */
const prose = (comments: string) =>
  comments
    .replace(/^\s*(?:\/\/+|\/\*+|\*+\/?)/gm, ' ')
    .replace(/\*\//g, ' ')
    .replace(/\s+/g, ' ')

type Check = { pattern: RegExp; stale: (match: RegExpMatchArray, docs: CitedDocs) => boolean }

const CHECKS: Check[] = [
  {
    // ADR 074; ADR 070-073; ADRs 120 and 172
    pattern: /\bADR (\d{3})(?:-(\d{3}))?|\bADRs ((?:\d{3}(?:, | and | or |-))*\d{3})/g,
    stale: (match, docs) =>
      [match[1], match[2], ...(match[3] ?? '').split(/, | and | or |-/)]
        .filter((number): number is string => Boolean(number))
        .some((number) => docs.adr(Number(number)) === undefined),
  },
  {
    // ADR 130, option 3: the ADR numbers its options that way or as "(3)"
    pattern: /\bADR (\d{3}),? \(?options? (\d+)/g,
    stale: (match, docs) => {
      const text = docs.adr(Number(match[1])) ?? ''
      return !new RegExp(`\\boption ${match[2]}\\b|\\(${match[2]}\\)`, 'i').test(text)
    },
  },
  {
    // ADR 090, "One entrance": the quoted words appear in the ADR
    pattern: /\bADR (\d{3}),? ["“]([^"”]{3,})["”]/g,
    stale: (match, docs) => !plain(docs.adr(Number(match[1])) ?? '').includes(plain(match[2] ?? '')),
  },
  {
    // docs/architecture.md, docs/decisions/112-upgrades-and-schema-versions.md, docs/logs/
    pattern: /(?<![\w/.:-])(docs\/[\w./-]*[\w/])/g,
    stale: (match, docs) => docs.file(match[1] ?? '') === undefined,
  },
  {
    // docs/fan-site-rules.md §9: a numbered heading "## 9. ..."
    pattern: /(?<![\w/.:-])(docs\/[\w./-]+\.md),? ?§ ?(\d+)/g,
    stale: (match, docs) =>
      !headings(docs.file(match[1] ?? '') ?? '').some((heading) => heading.startsWith(`${match[2]}.`)),
  },
  {
    // README "Deploy", the README's "Layout": a heading of the README
    pattern: /\bREADME(?:'s)?,? ["“]([^"”]{3,})["”]/g,
    stale: (match, docs) =>
      !headings(docs.file('README.md') ?? '').some((heading) => plain(heading) === plain(match[1] ?? '')),
  },
]

/**
 * The citations in some comments that point at nothing: an ADR number with no file in docs/decisions/, an option
 * or quoted part the ADR does not have, a docs/ path or numbered section that does not exist, a README section
 * that is not a heading of the README. Each is returned as written.
 */
export function staleCitations(comments: string, docs: CitedDocs = repositoryDocs): string[] {
  const text = prose(comments)
  return CHECKS.flatMap(({ pattern, stale }) =>
    [...text.matchAll(pattern)].filter((match) => stale(match, docs)).map((match) => match[0]),
  )
}
