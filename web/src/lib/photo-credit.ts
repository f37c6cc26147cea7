/**
 * "Photo: Ana Ruiz": how the site shows a picture's credit. Editors type the name alone or with the prefix
 * ("Photo: Ana Ruiz", "Video by ..."); either way the line reads once as `<kind>: <name>`, `kind` in the page's
 * language ("Photo", "Foto": the catalogue's `media.credit`).
 */
export function photoCreditLine(credit: string | null | undefined, kind = 'Photo'): string | null {
  const name = credit?.trim()
  if (!name) return null
  return /^(photo|video|photography|foto)\b/i.test(name) ? name : `${kind}: ${name}`
}
