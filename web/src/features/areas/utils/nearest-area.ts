/**
 * "Find my nearest area", computed in the browser (docs/fan-site-rules.md §10): the fan's position is compared
 * with each area's centre and radius here and goes nowhere else; only the area chosen from it is sent, with the
 * sign-up.
 */

export type Position = { lat: number; lng: number }

export type LocatedArea = {
  slug: string
  centre?: { lat?: number | null; lng?: number | null } | null
  radiusKm?: number | null
}

const EARTH_RADIUS_KM = 6371

const radians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle distance (haversine), good to well under a kilometre at an area's scale. */
export function distanceKm(a: Position, b: Position): number {
  const dLat = radians(b.lat - a.lat)
  const dLng = radians(b.lng - a.lng)
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The slug of the area whose circle holds the position, the nearest centre when circles overlap; null when no
 * area reaches it (then the fan keeps "Everywhere"). Areas without a centre and radius are never suggested.
 */
export function nearestArea(position: Position, areas: readonly LocatedArea[]): string | null {
  let best: { slug: string; km: number } | null = null
  for (const area of areas) {
    const lat = area.centre?.lat
    const lng = area.centre?.lng
    if (typeof lat !== 'number' || typeof lng !== 'number' || !area.radiusKm) continue
    const km = distanceKm(position, { lat, lng })
    if (km <= area.radiusKm && (!best || km < best.km)) best = { slug: area.slug, km }
  }
  return best?.slug ?? null
}
