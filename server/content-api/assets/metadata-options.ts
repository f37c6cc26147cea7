import type { MetadataPart } from './asset-types'

/** Every value `@sanity/client` may send as `meta` (its `AssetMetadataType`); `none` asks for nothing optional. */
const PARTS: readonly MetadataPart[] = [
  'blurhash',
  'lqip',
  'palette',
  'exif',
  'image',
  'location',
  'thumbhash',
]

/** Sanity's defaults when an upload names no parts (its HTTP reference: `["palette","lqip","blurhash"]`). */
export const DEFAULT_METADATA: ReadonlySet<MetadataPart> = new Set(['blurhash', 'lqip', 'palette'])

export class MetadataOptionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MetadataOptionError'
  }
}

/**
 * The parts an upload asks for, from its `meta` query parameter (repeated, as the client sends an array, or
 * comma-separated) or `extract` (the client option's own name). Absent: Sanity's defaults. `none` alone (what
 * the client sends for `extract: []`): nothing optional. Unknown names, and `none` mixed with parts, are refused.
 */
export function parseMetadataParts(query: { meta?: unknown; extract?: unknown }): ReadonlySet<MetadataPart> {
  const raw = [query.meta, query.extract].flatMap((value) =>
    value === undefined ? [] : Array.isArray(value) ? value : [value],
  )
  if (raw.length === 0) return DEFAULT_METADATA
  const names = raw.flatMap((value) => {
    if (typeof value !== 'string') throw new MetadataOptionError('Parameter meta must be a list of names')
    return value.split(',').map((name) => name.trim())
  })
  if (names.length > 20) throw new MetadataOptionError('Parameter meta names at most 20 values')
  if (names.includes('none')) {
    if (names.some((name) => name !== 'none')) {
      throw new MetadataOptionError('Parameter meta cannot combine "none" with other values')
    }
    return new Set()
  }
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name))
  if (unknown.length > 0) {
    throw new MetadataOptionError(
      `Invalid meta value ${unknown.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}; allowed: ${PARTS.join(', ')}, none`,
    )
  }
  return new Set(names as MetadataPart[])
}
