import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const SOURCE = /\.(ts|tsx|js|mjs|css|html)$/
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'testing', 'fixtures'])

/** Tests and their helpers are not product code; neither is generated code. */
const isProductFile = (file: string) =>
  SOURCE.test(file) && !/\.(test|spec)\.tsx?$/.test(file) && !file.endsWith('sanity.types.ts')

function walk(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : walk(relative)
    return isProductFile(entry.name) ? [relative] : []
  })
}

/** The product's source files under `folders` (relative to the repository), without tests and test helpers. */
export function productFiles(folders: string[]): { file: string; text: string }[] {
  return folders.flatMap(walk).map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
}
