import { readFileSync } from 'node:fs'
import path from 'node:path'

/** The seed content's documents with their files left out (images are imported through the asset pipeline). */
export function seedWithoutFiles(): Record<string, unknown>[] {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip).filter((item) => item !== undefined)
    if (!value || typeof value !== 'object') return value
    if ('_sanityAsset' in value) return undefined
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, field]) => [key, strip(field)])
        .filter(([, field]) => field !== undefined),
    )
  }
  const file = path.resolve(import.meta.dirname, '../../../content/seed/production.ndjson')
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => strip(JSON.parse(line)) as Record<string, unknown>)
}
