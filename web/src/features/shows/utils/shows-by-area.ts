import type { Show } from './show-rules'

/** One heading of the whole tour's page: an area's shows, or (area null) those with none. */
export type AreaGroup = { area: Show['area']; shows: Show[] }

/**
 * A page's shows under their areas (ADR 192): the groups in the order the area links list them, each in date
 * order as the page read them, an area the list does not know after the known ones, and the shows with no
 * area last.
 */
export function showsByArea(shows: Show[], areaOrder: string[]): AreaGroup[] {
  const groups = new Map<string | null, AreaGroup>()
  for (const show of shows) {
    const key = show.area?.slug ?? null
    let group = groups.get(key)
    if (!group) {
      group = { area: show.area, shows: [] }
      groups.set(key, group)
    }
    group.shows.push(show)
  }
  const rank = (group: AreaGroup) => {
    if (!group.area) return Number.MAX_SAFE_INTEGER
    const index = areaOrder.indexOf(group.area.slug)
    return index === -1 ? areaOrder.length : index
  }
  // Array.prototype.sort is stable: areas of equal rank keep the order of their first show.
  return [...groups.values()].sort((a, b) => rank(a) - rank(b))
}
