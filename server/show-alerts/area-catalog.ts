import { isPublishedId, type ContentStore } from '../content-api/engine'
import type { Area, AreaCatalog } from '../newsletter/subscriber-preferences'
import type { AreaLookup } from './show-snapshot'

/** An area document by id, as a show's reference names it (draft areas too: the show's link is what counts). */
export function contentAreaLookup(content: ContentStore, dataset: string): AreaLookup {
  return (id) => {
    const doc = content.hasDataset(dataset) ? content.dataset(dataset).get(id) : null
    const slug = (doc?.slug as { current?: unknown } | undefined)?.current
    return doc?._type === 'area' && typeof slug === 'string'
      ? { slug, name: typeof doc.name === 'string' ? doc.name : slug }
      : null
  }
}

/** The published area documents of the dataset, by name; a draft area is not on offer yet. */
export function contentAreaCatalog(content: ContentStore, dataset: string): AreaCatalog {
  return async () => {
    if (!content.hasDataset(dataset)) return []
    const state = content.dataset(dataset)
    return state.memo('show-alerts:areas', () => {
      const areas: Area[] = []
      for (const doc of state.docs.values()) {
        const slug = (doc.slug as { current?: unknown } | undefined)?.current
        if (doc._type !== 'area' || !isPublishedId(doc._id) || typeof slug !== 'string') continue
        areas.push({ slug, name: typeof doc.name === 'string' ? doc.name : slug })
      }
      return areas.sort((a, b) => a.name.localeCompare(b.name))
    })
  }
}
