/**
 * The one-of-a-kind documents. Each lives at a fixed id equal to its type name, so the site queries
 * `*[_id == "gallery"][0]` and the desk structure always opens the same document.
 */
export const SINGLETONS = [
  { type: 'siteSettings', id: 'siteSettings', title: 'Site settings' },
  { type: 'gallery', id: 'gallery', title: 'Gallery' },
  { type: 'tourPromo', id: 'tourPromo', title: 'Tour promo' },
  { type: 'newsletterPopup', id: 'newsletterPopup', title: 'Newsletter popup' },
] as const

export type SingletonType = (typeof SINGLETONS)[number]['type']

const singletonTypes = new Set<string>(SINGLETONS.map((s) => s.type))

export function isSingletonType(type: string | undefined): boolean {
  return type !== undefined && singletonTypes.has(type)
}
