import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

/** The jar that the `vnu-jar` package ships (its default export is the jar's path). */
const vnuJar = String(createRequire(import.meta.url)('vnu-jar'))

export type HtmlDocument = { name: string; html: string }

/** One message of the Nu HTML checker, about the document called `page`. */
export type NuMessage = {
  page: string
  /** `error` fails a page; `warning` is reported; `info` (such as "Trailing slash on void elements") is not. */
  kind: 'error' | 'warning' | 'info'
  line?: number
  column?: number
  message: string
  extract?: string
}

type VnuJsonMessage = {
  type: string
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
  extract?: string
}

/**
 * Checks every document with the Nu HTML checker in one JVM start (vnu takes seconds to start, then
 * milliseconds a page). Needs Java 17 or later on PATH (.ci/run installs it). The package's own launcher is
 * not used: without a system Java it downloads one, and the tests never reach the internet.
 */
export async function checkHtml(documents: HtmlDocument[]): Promise<NuMessage[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nu-html-'))
  try {
    const files = documents.map((document, index) => {
      const file = path.join(dir, `${index}.html`)
      writeFileSync(file, document.html)
      return file
    })
    // vnu names a file `file:/tmp/…/<index>.html`: the index is the document's.
    const pageOf = (url: string | undefined) =>
      documents[Number(/\/(\d+)\.html$/.exec(url ?? '')?.[1] ?? NaN)]?.name ?? url ?? '(checker)'
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        throw new Error('The Nu HTML checker needs Java 17 or later: apt-get install -y default-jre-headless')
      }
      throw error
    })
    const { messages } = JSON.parse(stderr) as { messages: VnuJsonMessage[] }
    return messages.map((m) => ({
      page: pageOf(m.url),
      kind: m.type === 'info' ? (m.subType === 'warning' ? 'warning' : 'info') : 'error',
      line: m.lastLine,
      column: m.firstColumn,
      message: m.message,
      extract: m.extract,
    }))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** "page line L:C: message" and the markup around it, one message to a line. */
export function formatNuMessage(m: NuMessage): string {
  const at = m.line === undefined ? '' : ` line ${m.line}:${m.column ?? 0}`
  const extract = m.extract ? `\n    ${m.extract.replaceAll('\n', ' ').trim()}` : ''
  return `${m.page}${at}: ${m.message}${extract}`
}
