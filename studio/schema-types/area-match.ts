/** An area as the Studio's show validation reads it. */
export type AreaCoverage = {
  _id: string
  name?: string
  cities?: string[]
  regions?: string[]
  country?: string
}

type Venue = { city?: string; region?: string; country?: string }

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'base' }) === 0

/**
 * The area a venue belongs to: one naming its city first (a city is the narrower match), else one covering its
 * state or province, in the area's country when it names one.
 */
export function suggestArea(areas: AreaCoverage[], venue: Venue): AreaCoverage | null {
  const inCountry = areas.filter(
    (area) => !area.country || !venue.country || same(area.country, venue.country),
  )
  return (
    inCountry.find((area) => area.cities?.some((city) => same(city, venue.city))) ??
    inCountry.find((area) => area.regions?.some((region) => same(region, venue.region))) ??
    null
  )
}

/** Areas and what they cover, for the suggestion. */
export const AREAS_QUERY = `*[_type == "area" && !(_id in path("drafts.**"))]{_id, "name": name.en, cities, regions, country}`

type AreaRef = { _ref?: string } | undefined
type ShowDoc = Venue & { startsAt?: string }

/**
 * The show's area check: a future show with no area is warned about, naming the area its venue suggests.
 */
export async function validateShowArea(
  value: AreaRef,
  document: ShowDoc | undefined,
  fetchAreas: () => Promise<AreaCoverage[]>,
  now = new Date(),
): Promise<true | string> {
  if (value?._ref || !document?.startsAt || Date.parse(document.startsAt) <= now.getTime()) return true
  const suggested = suggestArea(await fetchAreas(), document)
  return suggested
    ? `No area yet: ${document.city ?? 'this venue'} is in ${suggested.name ?? 'an area'}; choose it so its fans hear of the show`
    : 'A future show needs an area, so that fans who follow it hear of the show'
}
