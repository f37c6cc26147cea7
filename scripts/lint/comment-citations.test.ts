import { describe, expect, it } from 'vitest'
import { commentsOf } from './comments-of'
import { sourceFiles } from './product-files'
import { type CitedDocs, staleCitations } from './stale-citations'

/**
 * Comments say why and cite only this repository: ADRs (`ADR 074`) and `docs/` files (docs/fan-site-rules.md,
 * docs/architecture.md). A path outside it, or the band's brief and design notes by section, cannot be followed
 * by someone with only the repository, so it fails here.
 */
const OUTSIDE = [
  /\.\.\/shared\b/,
  /\b(?:spec|DESIGN|research)\s*§/i,
  /\bDESIGN\.md\b/,
  /\bproduct-spec\b/i,
  /\bresearch Q\d/i,
  /\bstyle-anchors\b/i,
  /\bthe spec\b/i,
  /(?<!GROQ )\bspec's\b/i,
]

const outsideCitations = (file: string, text: string) =>
  commentsOf(file, text).flatMap((comment) =>
    comment.split('\n').filter((line) => OUTSIDE.some((pattern) => pattern.test(line))),
  )

describe('comments cite only this repository', () => {
  it('catches citations outside the repository (the check can fail)', () => {
    const code = [
      '// see ../shared/spec/product-spec.md',
      '/** The rules of DESIGN §4. */',
      "const url = 'https://example.com/spec §1' // Spec §9: a delay",
      "/* the spec’s list */ // research Q2, the spec's payload",
      "// docs/fan-site-rules.md §9 and ADR 074; the GROQ spec's constant expressions",
    ].join('\n')
    expect(outsideCitations('x.ts', code)).toEqual([
      '// see ../shared/spec/product-spec.md',
      '/** The rules of DESIGN §4. */',
      '// Spec §9: a delay',
      '/* the spec’s list */',
      "// research Q2, the spec's payload",
    ])
    expect(
      outsideCitations('x.tsx', 'const a = `${b}/c`\nconst d = <p>{/* spec §2 */}</p>\n// research §5'),
    ).toEqual(['/* spec §2 */', '// research §5'])
    expect(outsideCitations('x.css', '/* spec §4: 10 ms */ a { color: red }')).toHaveLength(1)
  })

  it('catches citations of ADRs, options, sections and docs that do not exist (the check can fail)', () => {
    const docs: CitedDocs = {
      adr: (number) =>
        number === 74 ? '## Options\n- **Edge** (1)\n**One entrance.** Every response' : undefined,
      file: (relative) =>
        ({ 'README.md': '# Site\n## Deploy\n', 'docs/rules.md': '# Rules\n## 2. Pages\n', docs: '' })[
          relative
        ],
    }
    const comments = [
      '// ADR 074, ADR 075 and ADRs 074 or 099; ADR 074-076',
      '/** ADR 074, option 1, ADR 074 (option 2), ADR 074, "One entrance", ADR 074, "Two entrances" */',
      '// docs/rules.md §2 and docs/rules.md §3; docs/gone.md; docs/',
      '// see README "Deploy" and the README\'s "Layout";',
      ' * https://example.com/docs/anything is a URL, not a citation; ADR 074, 429 past the queue',
      '// a citation broken over lines: docs/rules.md',
      '// §4',
    ].join('\n')
    expect(staleCitations(comments, docs)).toEqual([
      'ADR 075',
      'ADRs 074 or 099',
      'ADR 074-076',
      'ADR 074 (option 2',
      'ADR 074, "Two entrances"',
      'docs/gone.md',
      'docs/rules.md §3',
      'docs/rules.md §4',
      'README\'s "Layout"',
    ])
  })

  let scanned: { file: string; comments: string[] }[] | undefined
  /** Every comment of server, web/src, studio, scripts, tests, deploy and the root's configs, parsed once. */
  const scan = () =>
    (scanned ??= sourceFiles(['.', 'server', 'web/src', 'studio', 'scripts', 'tests', 'deploy'], {
      withTests: true,
    }).map(({ file, text }) => ({ file, comments: commentsOf(file, text) })))

  it('server, web/src, studio, scripts and tests cite ADRs and docs/ only', () => {
    const offenders = scan().flatMap(({ file, comments }) =>
      comments
        .flatMap((comment) => comment.split('\n'))
        .filter((line) => OUTSIDE.some((pattern) => pattern.test(line)))
        .map((line) => `${file}: ${line.trim()}`),
    )
    expect(offenders).toEqual([])
    // Parsing some 600 files takes a few seconds on a loaded machine.
  }, 60_000)

  it('cites only ADRs, options, sections and docs files that exist', () => {
    const offenders = scan().flatMap(({ file, comments }) =>
      staleCitations(comments.join('\n')).map((stale) => `${file}: ${stale}`),
    )
    expect(offenders).toEqual([])
  }, 60_000)
})
