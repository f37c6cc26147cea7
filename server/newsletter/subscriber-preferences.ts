/**
 * What a subscriber chooses for show alerts: areas (slugs of the Studio's area documents; none means everywhere)
 * and the language of their mail. Stored beside the subscriber and erased with them.
 */
export const LANGUAGES = ['en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]

export type SubscriberPreferences = {
  /** Area slugs, sorted; empty: everywhere. */
  areas: string[]
  language: Language
}

/** Confirmed subscribers per chosen area; `area` null counts those who chose everywhere. */
export type AreaCount = { area: string | null; subscribers: number }

/** At most this many areas per subscriber: a fan follows a few regions, not a list of every city. */
export const MAX_AREAS = 20

/** Sorted and without repeats, as stored. */
export const normalAreas = (areas: readonly string[] | undefined): string[] =>
  [...new Set(areas ?? [])].sort()

/** `SELECT area, count(*) AS n ... GROUP BY area` rows as counts, everywhere (null) first. */
export function areaCounts(rows: { area: string | null; n: number | string }[]): AreaCount[] {
  return rows
    .map(({ area, n }) => ({ area, subscribers: Number(n) }))
    .sort((a, b) => (a.area === null ? -1 : b.area === null ? 1 : a.area.localeCompare(b.area)))
}

/**
 * An area fans can choose: a published area document of the Studio. `name` is the English name (the one of
 * record, ADR 193); `names` has each language's, absent where the band manager has not written it yet.
 */
export type Area = { slug: string; name: string; names?: Partial<Record<Language, string>> }

/** The area's name in `language`, or the English one where that is missing; `lang` "en" marks the fallback. */
export function areaNameIn(area: Area, language: Language): { name: string; lang: Language | null } {
  const own = area.names?.[language]
  return own ? { name: own, lang: null } : { name: area.name, lang: language === 'en' ? null : 'en' }
}

/** The areas on offer now (published), read on each use so a new area can be chosen at once. */
export type AreaCatalog = () => Promise<Area[]>

/** Without content (a newsletter-only process), no areas are on offer. */
export const noAreas: AreaCatalog = () => Promise.resolve([])
