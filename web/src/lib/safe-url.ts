/**
 * The one URL check for everything the CMS provides that becomes a link or a JSON-LD URL (rich-text links,
 * ticket, social and about links, structured data). Editors' content is not trusted to be harmless: a
 * `javascript:` or `data:` URL must never reach an `href` or a crawler.
 */

/** Schemes a CMS link may use. Everything else (javascript:, data:, vbscript:, file:, ...) is dropped. */
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:'])

/** Stands in for the page's origin when resolving relative links; never appears in output. */
const BASE = 'https://relative.invalid'

export type SafeHref = { href: string; external: boolean }

/**
 * Vets a link from editor content. Parsing with the URL parser (not a regex) sees the scheme the browser
 * would see, after it strips tabs, newlines and leading control characters ("java\tscript:" is javascript:).
 * Relative links stay as written; absolute ones come back normalised. `null`: render the text without a link.
 */
export function safeHref(raw: unknown): SafeHref | null {
  if (typeof raw !== 'string') return null
  const trimmed = raw.trim()
  if (!trimmed) return null
  let url: URL
  try {
    url = new URL(trimmed, BASE)
  } catch {
    return null
  }
  if (!ALLOWED_PROTOCOLS.has(url.protocol)) return null
  if (url.origin === BASE) return { href: trimmed, external: false }
  return { href: url.href, external: url.protocol === 'http:' || url.protocol === 'https:' }
}

/** The `href` for a CMS link, or null to render no link at all. */
export function safeLinkUrl(raw: unknown): string | null {
  return safeHref(raw)?.href ?? null
}

/** Keys whose string values are URLs in the JSON-LD the site writes (schema.org). */
const JSON_LD_URL_KEYS = new Set([
  'url',
  '@id',
  'sameAs',
  'contentUrl',
  'thumbnailUrl',
  'embedUrl',
  'logo',
  'image',
])

/**
 * The JSON-LD as it may be written: every URL-valued string that fails `safeHref` is removed (from arrays,
 * or with its key), whichever builder put it there. Other values are kept as they are.
 */
export function withSafeJsonLdUrls(value: unknown, key?: string): unknown {
  if (typeof value === 'string')
    return key && JSON_LD_URL_KEYS.has(key) && !safeHref(value) ? undefined : value
  if (Array.isArray(value)) {
    return value.map((item) => withSafeJsonLdUrls(item, key)).filter((item) => item !== undefined)
  }
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [name, child] of Object.entries(value)) {
      const safe = withSafeJsonLdUrls(child, name)
      if (safe !== undefined) out[name] = safe
    }
    return out
  }
  return value
}
