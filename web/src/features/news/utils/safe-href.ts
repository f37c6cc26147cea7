/** Schemes a link in rich text may use. Everything else (javascript:, data:, vbscript:, file:, ...) is dropped. */
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
