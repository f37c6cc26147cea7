/**
 * Sanity's import/export convention for assets inside documents: an object that would hold
 * `asset: {_type: 'reference', _ref: 'image-...'}` carries `_sanityAsset: 'image@file://./images/<file>'`
 * instead, and the importer uploads the file and puts the reference back.
 */
type Json = unknown

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * The export direction: `asset` references to known assets become `_sanityAsset` markers pointing into the
 * archive (`fileFor` gives `images/<file>` or `files/<file>`, or null for references it does not know).
 */
export function toSanityAssets<T>(value: T, fileFor: (assetId: string) => string | null): T {
  if (Array.isArray(value)) return value.map((item) => toSanityAssets(item, fileFor)) as T
  if (!isObject(value)) return value
  const out: Record<string, Json> = {}
  for (const [key, child] of Object.entries(value)) {
    const ref = key === 'asset' && isObject(child) && typeof child._ref === 'string' ? child._ref : null
    const file = ref ? fileFor(ref) : null
    if (file) {
      out._sanityAsset = `${file.startsWith('images/') ? 'image' : 'file'}@file://./${file}`
    } else {
      out[key] = toSanityAssets(child, fileFor)
    }
  }
  return out as T
}
