import { describe, expect, it } from 'vitest'
import { type AllowedFigure, commentFigures } from './comment-figures'
import { sourceFiles } from './product-files'

/**
 * Comments say why, not how fast: a timing, size, ratio or share measured once goes stale while the sentence
 * around it still reads as true, so measurements live in docs/logs/ with their date, machine and load. A comment
 * may state a value the code keeps on purpose: one its own file sets, a rule of docs/fan-site-rules.md, or a
 * figure named here with the reason it is a constant and not a measurement.
 */
const ALLOWED: AllowedFigure[] = [
  {
    file: 'web/src/entry-server.tsx',
    figure: '12.8 KB',
    why: "React's own threshold for moving a Suspense boundary out of place, which the comment explains turning off",
  },
]

describe('code comments carry no measurement figures', () => {
  it('finds measurements and lets constants pass (the check can fail)', () => {
    const code = [
      '// The page renders in 23.2 ms at p99 1.4x, about 12 KB gzip (82% of the floor).',
      '/** Fades for 300 ms: FADE_MS. A rule: the overlay fades in 10 ms. React moves boundaries over 12.8 KB. */',
      'const FADE_MS = 300',
      '// An example value, not a run: `2026-11-26 07:57`; a setting: images 1200x630, bodies up to 4 KB.',
    ].join('\n')
    const allowed = [{ file: 'x.ts', figure: '12.8 KB', why: "React's constant" }]
    expect(commentFigures('x.ts', code, allowed).map((found) => found.split(' (')[0])).toEqual([
      'x.ts: 23.2 ms',
      'x.ts: 12 KB gzip',
      'x.ts: 1.4x',
      'x.ts: 82%',
      'x.ts: p99 1',
    ])
    expect(commentFigures('y.css', '/* 1.5x the size: measured */ a { width: 2px }')).toHaveLength(1)
  })

  it('in web/src, server, studio, scripts, deploy and the root configs', () => {
    const offenders = sourceFiles(['.', 'web/src', 'server', 'studio', 'scripts', 'deploy']).flatMap(
      ({ file, text }) => commentFigures(file, text, ALLOWED),
    )
    expect(offenders).toEqual([])
  }, 60_000)

  it('allows only figures that are still there, each with its reason', () => {
    const files = new Map(
      sourceFiles(['web/src', 'server', 'studio', 'scripts']).map(({ file, text }) => [file, text]),
    )
    const stale = ALLOWED.filter(
      ({ file, figure, why }) => !files.get(file)?.includes(figure) || why.length < 20,
    )
    expect(stale).toEqual([])
  })
})
