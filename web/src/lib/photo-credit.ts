/**
 * "Photo: Ana Ruiz": how the site shows a picture's credit. Editors type the name alone or with the prefix
 * ("Photo: Ana Ruiz", "Video by ..."); either way the line reads once as `<kind>: <name>`.
 */
export function photoCreditLine(
  credit: string | null | undefined,
  kind: 'Photo' | 'Video' = 'Photo',
): string | null {
  const name = credit?.trim()
  if (!name) return null
  return /^(photo|video|photography|foto)\b/i.test(name) ? name : `${kind}: ${name}`
}
