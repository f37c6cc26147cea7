import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const SOURCE = /\.(ts|tsx|js|mjs|css|html)$/
/** Test helpers and fixtures live in these folders. */
const TEST_DIRS = new Set(['testing', 'fixtures'])

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file)
/** Generated code is nobody's prose. */
const isGenerated = (file: string) => file.endsWith('sanity.types.ts')

/** `.` is the repository's own top-level files (configs), without descending. */
function walk(dir: string, withTests: boolean): string[] {
  if (dir === '.') {
    return readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
      .map((entry) => entry.name)
  }
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      return entry.name === 'node_modules' ||
        entry.name === 'dist' ||
        (!withTests && TEST_DIRS.has(entry.name))
        ? []
        : walk(relative, withTests)
    }
    const wanted = SOURCE.test(entry.name) && !isGenerated(entry.name) && (withTests || !isTest(entry.name))
    return wanted ? [relative] : []
  })
}

/**
 * The source files under `folders` (relative to the repository): product code only (no tests, test helpers or
 * fixtures), or with `withTests` every source file there.
 */
export function sourceFiles(folders: string[], { withTests = false } = {}): { file: string; text: string }[] {
  return folders
    .flatMap((folder) => walk(folder, withTests))
    .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
}
