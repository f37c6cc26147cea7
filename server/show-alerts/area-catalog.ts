import { isPublishedId, type ContentStore, type SanityDocument } from '../content-api/engine'
import { LANGUAGES, type Area, type AreaCatalog, type Language } from '../newsletter/subscriber-preferences'
import type { AreaLookup } from './show-snapshot'

const written = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/**
 * The area document as an `Area`: its names in both languages (`{en, es}`, ADR 193), or a plain string from
 * before the two-languages migration as the English one; the slug where it has no English name.
 */
function areaOf(doc: SanityDocument, slug: string): Area {
  const value = doc.name
  const names: Partial<Record<Language, string>> = {}
  if (typeof value === 'string') {
    if (written(value)) names.en = value
  } else if (value && typeof value === 'object') {
    for (const language of LANGUAGES) {
      const name = written((value as Record<string, unknown>)[language])
      if (name) names[language] = name
    }
  }
  return { slug, name: names.en ?? slug, names }
}

/** An area document by id, as a show's reference names it (draft areas too: the show's link is what counts). */
export function contentAreaLookup(content: ContentStore, dataset: string): AreaLookup {
  return (id) => {
    const doc = content.hasDataset(dataset) ? content.dataset(dataset).get(id) : null
    const slug = (doc?.slug as { current?: unknown } | undefined)?.current
    return doc?._type === 'area' && typeof slug === 'string' ? { slug, name: areaOf(doc, slug).name } : null
  }
}

/** The published area documents of the dataset, by English name; a draft area is not on offer yet. */
export function contentAreaCatalog(content: ContentStore, dataset: string): AreaCatalog {
  return async () => {
    if (!content.hasDataset(dataset)) return []
    const state = content.dataset(dataset)
    return state.memo('show-alerts:areas', () => {
      const areas: Area[] = []
      for (const doc of state.docs.values()) {
        const slug = (doc.slug as { current?: unknown } | undefined)?.current
        if (doc._type !== 'area' || !isPublishedId(doc._id) || typeof slug !== 'string') continue
        areas.push(areaOf(doc, slug))
      }
      return areas.sort((a, b) => a.name.localeCompare(b.name))
    })
  }
}
