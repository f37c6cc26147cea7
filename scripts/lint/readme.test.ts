import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { measurementLines } from './measurement-figures'
import { ROOT } from './product-files'

/**
 * The README says how to run, test, configure and deploy the site and where things are; the longer how-tos are in
 * docs/guides/ and the measurements in docs/logs/. These checks keep it that way: a README that grows past a
 * reader's patience, carries figures that go stale, or lists folders that moved fails here.
 */
const MAX_README_LINES = 350

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8')

/** The paths a "Layout" section names at the start of its code block's lines (`server/`, `server/content-api/`). */
export function layoutPaths(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Layout\n')) ?? ''
  const block = section.match(/```\n([\s\S]*?)```/)?.[1] ?? ''
  return block.split('\n').flatMap((line) => line.match(/^(\.?[\w-]+(?:\/[\w.-]+)*)\//)?.[1] ?? [])
}

/** Top-level folders of the repository: those holding a file git tracks or would (not ignored). */
function repositoryFolders(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  }).split('\0')
  return [
    ...new Set(files.filter((file) => file.includes('/')).map((file) => file.split('/')[0] ?? '')),
  ].sort()
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')

const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')))

/** Relative links of a Markdown file whose file or heading does not exist. */
export function brokenLinks(file: string, markdown: string, exists = (target: string) => existsSync(target)) {
  const dir = path.dirname(path.join(ROOT, file))
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((link) => !/^[a-z]+:/i.test(link))
    .filter((link) => {
      const [target = '', anchor] = link.split('#')
      const full = target ? path.resolve(dir, target) : path.join(ROOT, file)
      if (!exists(full)) return true
      if (!anchor || !full.endsWith('.md') || statSync(full).isDirectory()) return false
      return !anchorsOf(readFileSync(full, 'utf8')).has(anchor)
    })
}

const guides = () =>
  existsSync(path.join(ROOT, 'docs/guides'))
    ? readdirSync(path.join(ROOT, 'docs/guides'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/guides/${name}`)
    : []

describe('README', () => {
  const readme = read('README.md')

  it('reads the layout block and spots figures (the checks can fail)', () => {
    const sample =
      '## Layout\n\n```\nweb/   the site\n            app/ (nested)\nserver/content-api/  api\n```\n'
    expect(layoutPaths(sample)).toEqual(['web', 'server/content-api'])
    const figures = [
      'Last run, 2026-11-26 07:57 UTC',
      'a quiet machine (load average 2-4)',
      '| `/` | 1512 ms | 110.1 KB |',
      'behind Caddy 82%, p99 1.12x',
      'serves `GET /` (12 KB gzip) at 9,800 req/s',
      'cost 13-70 ms of the main thread',
      'images 1200x630, bodies up to 4 KB, 8 workers, 3 rounds',
    ].join('\n')
    expect(measurementLines(figures).map(({ line }) => line)).toEqual([1, 2, 3, 4, 5, 6])
    expect(brokenLinks('README.md', '[a](docs/nowhere.md) [b](#no-such-heading) [c](https://x.y)')).toEqual([
      'docs/nowhere.md',
      '#no-such-heading',
    ])
  })

  it(`stays at ${MAX_README_LINES} lines or fewer`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(MAX_README_LINES)
  })

  it('carries no measurement figures (they go in docs/logs/), and neither do the guides', () => {
    const offenders = ['README.md', ...guides()].flatMap((file) =>
      measurementLines(read(file)).map(({ line, text }) => `${file}:${line}: ${text.trim()}`),
    )
    expect(offenders).toEqual([])
  })

  it('names every top-level folder in its layout section, and only folders that exist', () => {
    const named = layoutPaths(readme)
    const topLevel = [...new Set(named.map((name) => name.split('/')[0] ?? ''))].sort()
    expect(topLevel).toEqual(repositoryFolders())
    expect(named.filter((name) => !existsSync(path.join(ROOT, name)))).toEqual([])
  })

  it('documents every variable server/env.ts validates, in its table or a guide', () => {
    const variables = [...read('server/env.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
      (match) => match[1],
    )
    expect(variables.length).toBeGreaterThan(20)
    const docs = ['README.md', ...guides()].map(read).join('\n')
    expect(variables.filter((name) => !docs.includes(`\`${name}\``))).toEqual([])
  })

  it('links only to files and headings that exist, as do the guides', () => {
    const offenders = ['README.md', ...guides()].flatMap((file) =>
      brokenLinks(file, read(file)).map((link) => `${file}: ${link}`),
    )
    expect(offenders).toEqual([])
  })
})
